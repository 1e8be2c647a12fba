import { describe, expect, it } from 'vitest';
import type { Bounds } from '@domain/search';
import { planCells, planCircleCells, type CellPlan } from './cells';
import { clusterCellDeg } from './geometry';

// The cut of a view into cells and border strips must count every listing of the view exactly once
// and nothing outside it: checked here on random views and points, with the same floor(x / c) the
// database computes (search_cells, migration 0007) and the strips' conditions of cellMarkers.

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const cellOf = (v: number, level: number) => Math.floor(v / clusterCellDeg(level));
const inView = (b: Bounds, x: number, y: number) => x >= b.west && x <= b.east && y >= b.south && y <= b.north;

/** How many pieces of the plan count a listing at (x, y): cell lines, then the strips (in the view, outside the finest inner cells). */
function pieces(plan: CellPlan, view: Bounds, x: number, y: number): number {
  let n = 0;
  for (const line of plan.rows)
    if (cellOf(y, line.level) === line.fixed && cellOf(x, line.level) >= line.lo && cellOf(x, line.level) <= line.hi)
      n++;
  for (const line of plan.columns)
    if (cellOf(x, line.level) === line.fixed && cellOf(y, line.level) >= line.lo && cellOf(y, line.level) <= line.hi)
      n++;
  const { level, rect } = plan.fine;
  const fx = cellOf(x, level);
  const fy = cellOf(y, level);
  if (inView(view, x, y) && (fy > rect.y1 || fy < rect.y0 || fx < rect.x0 || fx > rect.x1)) n++;
  return n;
}

describe('planCells', () => {
  it('counts every position of a view exactly once and none outside it, at every zoom it answers', () => {
    const r = random(11);
    let checked = 0;
    for (let v = 0; v < 300; v++) {
      const zoom = 3 + Math.floor(r() * 12);
      const degPerPx = 360 / (256 * 2 ** zoom);
      const w = (200 + r() * 1200) * degPerPx;
      const h = (150 + r() * 900) * degPerPx;
      const view = { south: 36 + r() * 10, west: 6 + r() * 12, north: 0, east: 0 };
      view.north = view.south + h;
      view.east = view.west + w;
      const plan = planCells(view, zoom);
      if (!plan) continue;
      expect(plan.fine.level).toBe(Math.min(zoom + 4, 16));
      for (let i = 0; i < 400; i++) {
        // Around the view, and on the cell lines of every level (where rounding could bite).
        let x = view.west - w * 0.1 + r() * w * 1.2;
        let y = view.south - h * 0.1 + r() * h * 1.2;
        if (i % 4 === 0) {
          const level = zoom + Math.floor(r() * 5);
          const size = clusterCellDeg(Math.min(level, 16));
          x = Math.round(x / size) * size + (r() - 0.5) * 1e-12;
          y = Math.round(y / size) * size + (r() - 0.5) * 1e-12;
        }
        if (i === 1) [x, y] = [view.west, view.south];
        if (i === 2) [x, y] = [view.east, view.north];
        expect(pieces(plan, view, x, y), `zoom ${zoom} view ${JSON.stringify(view)} at ${x},${y}`).toBe(
          inView(view, x, y) ? 1 : 0,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('reads a city view at zoom 12 from a few hundred cells: whole cells of the zoom inside, finer ones along the border', () => {
    const degPerPx = 360 / (256 * 2 ** 12);
    const view = {
      south: 41.9 - 300 * degPerPx * 0.745,
      north: 41.9 + 300 * degPerPx * 0.745,
      west: 12.48 - 400 * degPerPx,
      east: 12.48 + 400 * degPerPx,
    };
    const plan = planCells(view, 12)!;
    expect(plan.rows.some((l) => l.level === 12)).toBe(true);
    expect(plan.rows.length + plan.columns.length).toBeLessThan(40);
    expect(plan.fine.level).toBe(16);
  });

  it('leaves out zooms above 14 and views without a whole fine cell', () => {
    expect(planCells({ south: 45, west: 9, north: 45.1, east: 9.1 }, 15)).toBeNull();
    expect(planCells({ south: 45, west: 9, north: 45.001, east: 9.001 }, 12)).toBeNull();
  });
});

describe('planCircleCells', () => {
  // earthdistance's sphere, as cells.ts and the database measure.
  const R = 6_378_168;
  const rad = Math.PI / 180;
  const distance = (lat1: number, lng1: number, lat2: number, lng2: number) => {
    const h =
      Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
      Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
    return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
  };

  it('counts every position of a circle exactly once (its inner cells or a border line), and leaves out the cells it does not reach', () => {
    const r = random(7);
    let checked = 0;
    for (let c = 0; c < 200; c++) {
      const center = { latitude: 37 + r() * 9, longitude: 7 + r() * 11 };
      const radiusM = 300 + r() * 9_700;
      const zoom = 9 + Math.floor(r() * 6);
      const dLat = (radiusM * 1.01 + 10) / 111_000;
      const dLng = dLat / Math.cos(center.latitude * rad);
      const box = {
        south: center.latitude - dLat,
        north: center.latitude + dLat,
        west: center.longitude - dLng,
        east: center.longitude + dLng,
      };
      const plan = planCircleCells(center, radiusM, box, zoom);
      if (!plan) continue;
      const fine = 16;
      for (let i = 0; i < 300; i++) {
        // Near the circle's edge most of the time, where the border lines and their trimming decide.
        const angle = r() * 2 * Math.PI;
        const d = i % 3 === 0 ? r() * radiusM * 1.05 : radiusM * (0.97 + r() * 0.06);
        const lat = center.latitude + (d * Math.cos(angle)) / 111_195;
        const lng = center.longitude + (d * Math.sin(angle)) / (111_195 * Math.cos(lat * rad));
        const within = distance(center.latitude, center.longitude, lat, lng) <= radiusM;
        const inner = plan.rows.filter(
          (l) => cellOf(lat, l.level) === l.fixed && cellOf(lng, l.level) >= l.lo && cellOf(lng, l.level) <= l.hi,
        ).length;
        const border = plan.border.filter(
          (l) => cellOf(lat, fine) === l.fixed && cellOf(lng, fine) >= l.lo && cellOf(lng, fine) <= l.hi,
        ).length;
        if (within)
          expect(inner + border, `circle ${JSON.stringify(center)} ${radiusM} z${zoom} at ${lat},${lng}`).toBe(1);
        else expect(inner).toBe(0);
        checked++;
      }
      // No border line reaches a fine cell wholly outside the circle by more than a cell.
      const size = clusterCellDeg(fine);
      for (const line of plan.border) {
        for (const x of [line.lo, line.hi]) {
          const near = distance(center.latitude, center.longitude, (line.fixed + 0.5) * size, (x + 0.5) * size);
          expect(near).toBeLessThan(radiusM + 2 * clusterCellDeg(plan.level) * 111_195 + 2);
        }
      }
    }
    expect(checked).toBeGreaterThan(30_000);
  });
});
