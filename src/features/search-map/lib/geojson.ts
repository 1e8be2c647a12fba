import type { LatLng } from '@domain/search';
import type { MapShape } from '../model/types';
import { circleToPolygon } from './geometry';

type Position = [number, number];

export interface PolygonFeature {
  type: 'Feature';
  properties: Record<string, never>;
  geometry: { type: 'Polygon'; coordinates: Position[][] };
}

export interface LineFeature {
  type: 'Feature';
  properties: Record<string, never>;
  geometry: { type: 'LineString'; coordinates: Position[] };
}

export interface PointFeature {
  type: 'Feature';
  properties: { first: boolean };
  geometry: { type: 'Point'; coordinates: Position };
}

export interface FeatureCollection<F> {
  type: 'FeatureCollection';
  features: F[];
}

const position = (p: LatLng): Position => [p.longitude, p.latitude];

/** A shape as a GeoJSON polygon with a closed ring (a circle becomes 64 vertices). */
export function shapeToFeatures(shape: MapShape | null | undefined): FeatureCollection<PolygonFeature> {
  if (!shape) return { type: 'FeatureCollection', features: [] };
  const points = shape.kind === 'circle' ? circleToPolygon(shape.center, shape.radiusM) : shape.points;
  if (points.length < 3) return { type: 'FeatureCollection', features: [] };
  const ring = points.map(position);
  ring.push(ring[0]!);
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
  };
}

/**
 * A polygon being drawn: the line through its points, on to the pointer when there is one,
 * and its vertices (the first marked, it closes the shape).
 */
export function draftFeatures(
  points: readonly LatLng[],
  pointer: LatLng | null,
): FeatureCollection<LineFeature | PointFeature> {
  const features: (LineFeature | PointFeature)[] = [];
  const line = [...points, ...(pointer && points.length > 0 ? [pointer] : [])].map(position);
  if (line.length >= 2)
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } });
  points.forEach((p, i) =>
    features.push({
      type: 'Feature',
      properties: { first: i === 0 },
      geometry: { type: 'Point', coordinates: position(p) },
    }),
  );
  return { type: 'FeatureCollection', features };
}
