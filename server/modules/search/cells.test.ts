import { describe, expect, it } from 'vitest';
import type { Bounds } from '../../../domain/search';
import { planCells, type CellPlan } from './cells';
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
  for (const line of plan.rows) if (cellOf(y, line.level) === line.fixed && cellOf(x, line.level) >= line.lo && cellOf(x, line.level) <= line.hi) n++;
  for (const line of plan.columns) if (cellOf(x, line.level) === line.fixed && cellOf(y, line.level) >= line.lo && cellOf(y, line.level) <= line.hi) n++;
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
        expect(pieces(plan, view, x, y), `zoom ${zoom} view ${JSON.stringify(view)} at ${x},${y}`).toBe(inView(view, x, y) ? 1 : 0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('reads a city view at zoom 12 from a few hundred cells: whole cells of the zoom inside, finer ones along the border', () => {
    const degPerPx = 360 / (256 * 2 ** 12);
    const view = { south: 41.9 - 300 * degPerPx * 0.745, north: 41.9 + 300 * degPerPx * 0.745, west: 12.48 - 400 * degPerPx, east: 12.48 + 400 * degPerPx };
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
