import { readFileSync } from 'node:fs';
import polylabel from 'polylabel';

/**
 * Italy's outlines for the drawn basemap, from the provinces' TopoJSON of data/ (ISTAT via
 * openpolis, CC BY 4.0; data/README.md). A topology stores each border once, as an arc, and
 * names the arcs each province is made of, so the kind of a border is which provinces share
 * it: an arc of one province only is the coast (or the border with another country), an arc
 * of two provinces of different regions is a region border, else a province border.
 */

type Position = [number, number];
type Ring = Position[];

interface TopoGeometry {
  type: 'Polygon' | 'MultiPolygon';
  arcs: number[][] | number[][][];
  properties: { prov_istat_code_num: number; prov_name: string; reg_istat_code_num: number; reg_name: string };
}

export interface Topology {
  type: 'Topology';
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: Position[][];
  objects: { provinces: { type: 'GeometryCollection'; geometries: TopoGeometry[] } };
}

export type BoundaryKind = 'region' | 'province' | 'coast';

export interface BoundaryFeature {
  type: 'Feature';
  properties: { kind: BoundaryKind };
  geometry: { type: 'LineString'; coordinates: Ring };
}

export interface LandFeature {
  type: 'Feature';
  properties: { province: number };
  geometry: { type: 'MultiPolygon'; coordinates: Ring[][] };
}

export interface OutlineLabel {
  kind: 'region' | 'province';
  /** The ISTAT code (region 3 Lombardia, province 15 Milano). */
  id: number;
  name: string;
  at: Position;
}

export interface Outlines {
  land: LandFeature[];
  boundaries: BoundaryFeature[];
  labels: OutlineLabel[];
}

const DATA_FILE = new URL('./data/italy-provinces.topo.json', import.meta.url);

/** Five decimals: about a metre, far finer than the data. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The arcs as longitude/latitude lines (they are stored quantized and delta-encoded). */
function decodeArcs(topology: Topology): Ring[] {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [round(x * sx + tx), round(y * sy + ty)] as Position;
    });
  });
}

/** A ring from its arc indexes: ~i is arc i backwards; consecutive arcs share their end point. */
function ringOf(indexes: number[], arcs: Ring[]): Ring {
  const ring: Ring = [];
  for (const index of indexes) {
    const arc = index >= 0 ? arcs[index]! : [...arcs[~index]!].reverse();
    ring.push(...(ring.length > 0 ? arc.slice(1) : arc));
  }
  return ring;
}

function polygonsOf(geometry: TopoGeometry): number[][][] {
  return geometry.type === 'Polygon' ? [geometry.arcs as number[][]] : (geometry.arcs as number[][][]);
}

/** Twice the signed area of a ring (shoelace), in square degrees: enough to compare sizes. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return Math.abs(sum) / 2;
}

/** The area-weighted centre of a ring. */
function ringCentroid(ring: Ring): Position {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
    x += (ring[j]![0] + ring[i]![0]) * f;
    y += (ring[j]![1] + ring[i]![1]) * f;
    a += f;
  }
  return a === 0 ? ring[0]! : [x / (3 * a), y / (3 * a)];
}

function insideRing(point: Position, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point lies in one of the polygons (outer ring in, holes out). */
function insidePolygons(point: Position, polygons: Ring[][]): boolean {
  return polygons.some(
    ([outer, ...holes]) => insideRing(point, outer!) && !holes.some((hole) => insideRing(point, hole)),
  );
}

const labelPoint = (polygon: Ring[]): Position => {
  const point = polylabel(polygon, 0.001);
  return [round(point[0]), round(point[1])];
};

/** Outlines and label points of a topology of provinces. */
export function outlinesOf(topology: Topology): Outlines {
  const arcs = decodeArcs(topology);
  const geometries = topology.objects.provinces.geometries;
  const usedBy = arcs.map(() => [] as TopoGeometry[]);
  const land: LandFeature[] = [];
  const labels: OutlineLabel[] = [];
  const regions = new Map<number, { name: string; polygons: Ring[][] }>();

  for (const geometry of geometries) {
    const polygons = polygonsOf(geometry).map((rings) => rings.map((ring) => ringOf(ring, arcs)));
    for (const rings of polygonsOf(geometry))
      for (const ring of rings) for (const index of ring) usedBy[index >= 0 ? index : ~index]!.push(geometry);
    const {
      prov_istat_code_num: id,
      prov_name: name,
      reg_istat_code_num: regionId,
      reg_name: regionName,
    } = geometry.properties;
    land.push({
      type: 'Feature',
      properties: { province: id },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
    const largest = polygons.reduce((best, polygon) => (ringArea(polygon[0]!) > ringArea(best[0]!) ? polygon : best));
    labels.push({ kind: 'province', id, name, at: labelPoint(largest) });
    const region = regions.get(regionId) ?? { name: regionName, polygons: [] };
    region.polygons.push(...polygons);
    regions.set(regionId, region);
  }

  // A region is labelled at the centre of its area, or (a bent region such as Liguria, whose
  // centre is at sea) at the inmost point of its largest piece.
  for (const [id, region] of regions) {
    let x = 0;
    let y = 0;
    let total = 0;
    for (const polygon of region.polygons) {
      const area = ringArea(polygon[0]!);
      const [cx, cy] = ringCentroid(polygon[0]!);
      x += cx * area;
      y += cy * area;
      total += area;
    }
    const centre: Position = [round(x / total), round(y / total)];
    const largest = region.polygons.reduce((best, polygon) =>
      ringArea(polygon[0]!) > ringArea(best[0]!) ? polygon : best,
    );
    labels.push({
      kind: 'region',
      id,
      name: region.name,
      at: insidePolygons(centre, region.polygons) ? centre : labelPoint(largest),
    });
  }

  const boundaries: BoundaryFeature[] = [];
  arcs.forEach((coordinates, index) => {
    const owners = usedBy[index]!;
    if (owners.length === 0 || coordinates.length < 2) return;
    const kind: BoundaryKind =
      owners.length === 1
        ? 'coast'
        : new Set(owners.map((g) => g.properties.reg_istat_code_num)).size > 1
          ? 'region'
          : 'province';
    boundaries.push({ type: 'Feature', properties: { kind }, geometry: { type: 'LineString', coordinates } });
  });

  return { land, boundaries, labels };
}

let loaded: Outlines | undefined;

/** The outlines of the shipped data file, decoded once per process. */
export function italyOutlines(): Outlines {
  loaded ??= outlinesOf(JSON.parse(readFileSync(DATA_FILE, 'utf8')) as Topology);
  return loaded;
}
