import { describe, expect, it } from 'vitest';
import type { MapMarker } from '../model/types';
import { declutter, markerBox } from './declutter';

// A flat screen: 1 px per 0.0001° of longitude and of latitude, y down.
const project = (m: { latitude: number; longitude: number }) => ({ x: m.longitude * 10_000, y: -m.latitude * 10_000 });
const at = (x: number, y: number) => ({ longitude: x / 10_000, latitude: -y / 10_000 });
const listing = (id: number, x: number, y: number, price: number | null = 250_000): MapMarker => ({
  ...at(x, y),
  count: 1,
  propertyId: id,
  price,
});
const cluster = (count: number, x: number, y: number): MapMarker => ({
  ...at(x, y),
  count,
  propertyId: null,
  price: null,
});

describe('declutter', () => {
  it('keeps markers that do not touch as they are', () => {
    const markers = [listing(1, 0, 0), listing(2, 200, 0), cluster(5, 0, 200), cluster(3, 100, 200)];
    expect(declutter(markers, project)).toEqual(expect.arrayContaining(markers));
    expect(declutter(markers, project)).toHaveLength(4);
  });

  it('joins two bubbles of neighbouring cells drawn over each other into one, at their weighted mean', () => {
    const out = declutter([cluster(2, 1000, 500), cluster(6, 1000, 520)], project);
    expect(out).toHaveLength(1);
    expect(out[0]!.count).toBe(8);
    expect(out[0]!.propertyId).toBeNull();
    expect(project(out[0]!).x).toBeCloseTo(1000);
    expect(project(out[0]!).y).toBeCloseTo(515);
  });

  it('joins price tags that cover each other into a bubble, never hiding a listing', () => {
    // 210.000 € and 495.000 € side by side, 50 px apart: tags about 80 px wide.
    const out = declutter(
      [listing(1, 1300, 430, 210_000), listing(2, 1350, 445, 495_000), listing(3, 1700, 430)],
      project,
    );
    expect(out.map((m) => m.count).sort()).toEqual([1, 2]);
    expect(out.reduce((sum, m) => sum + m.count, 0)).toBe(3);
    expect(out.find((m) => m.count === 1)!.propertyId).toBe(3);
  });

  it('keeps tags one above the other when they do not overlap', () => {
    expect(declutter([listing(1, 0, 0), listing(2, 0, 40)], project)).toHaveLength(2);
    expect(declutter([listing(1, 0, 0), listing(2, 0, 25)], project)).toHaveLength(1);
  });

  it('goes on joining while a grown bubble covers another, and the total stays', () => {
    // 99 and a listing make 100: the bubble grows from 36 to 44 px and reaches the bubble 45 px away.
    const out = declutter([cluster(99, 0, 0), cluster(2, 45, 0), listing(7, 0, 20, null)], project);
    expect(out).toHaveLength(1);
    expect(out[0]!.count).toBe(102);
    // Without the listing the two bubbles stand apart.
    expect(declutter([cluster(99, 0, 0), cluster(2, 45, 0)], project)).toHaveLength(2);
  });

  it('leaves no two markers touching in a crowded row', () => {
    const row = Array.from({ length: 10 }, (_, i) => cluster(2, i * 30, 0));
    const out = declutter(row, project);
    expect(out.length).toBeLessThan(10);
    expect(out.reduce((sum, m) => sum + m.count, 0)).toBe(20);
    const boxes = out.map((m) => markerBox(m, project(m).x, project(m).y)).sort((a, b) => a.left - b.left);
    for (const [i, box] of boxes.slice(1).entries()) expect(box.left).toBeGreaterThan(boxes[i]!.right);
  });

  it('leaves no two markers touching among thousands, wherever they fall on the grid it files them by', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const many = Array.from({ length: 3000 }, (_, i) =>
      random() < 0.5
        ? listing(i, random() * 4000, random() * 3000, Math.round(random() * 2e9))
        : cluster(2 + Math.floor(random() * 20_000), random() * 4000, random() * 3000),
    );
    const out = declutter(many, project);
    expect(out.reduce((sum, m) => sum + m.count, 0)).toBe(many.reduce((sum, m) => sum + m.count, 0));
    const boxes = out.map((m) => markerBox(m, project(m).x, project(m).y));
    const touching = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.left < b.right + 6 && b.left < a.right + 6 && a.top < b.bottom + 6 && b.top < a.bottom + 6),
    );
    expect(touching).toEqual([]);
  });

  it('draws a tag above its point and a bubble around it', () => {
    expect(markerBox(listing(1, 100, 100), 100, 100)).toMatchObject({ bottom: 100, top: 70 });
    expect(markerBox(cluster(4, 100, 100), 100, 100)).toEqual({ left: 82, right: 118, top: 82, bottom: 118 });
    expect(markerBox(cluster(40_000, 0, 0), 0, 0).right).toBe(26);
  });
});
