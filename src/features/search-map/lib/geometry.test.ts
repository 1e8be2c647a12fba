import { describe, expect, it } from 'vitest';
import { LIMITS } from '@domain/search';
import {
  boundsOf,
  circleToPolygon,
  clampRadius,
  destination,
  distanceM,
  fromLngLatBounds,
  isSelfIntersecting,
  polygonProblem,
  toLngLatBounds,
} from './geometry';

const milan = { latitude: 45.4642, longitude: 9.19 };
const square = [
  { latitude: 45, longitude: 9 },
  { latitude: 45, longitude: 10 },
  { latitude: 46, longitude: 10 },
  { latitude: 46, longitude: 9 },
];

describe('distanceM and destination', () => {
  it('measures Milan to Rome as about 477 km', () => {
    expect(distanceM(milan, { latitude: 41.9028, longitude: 12.4964 }) / 1000).toBeCloseTo(477, -1);
  });

  it('goes back the distance it went', () => {
    for (const bearing of [0, 45, 90, 200, 315]) {
      expect(distanceM(milan, destination(milan, 2500, bearing))).toBeCloseTo(2500, 3);
    }
  });

  it('moves north along the meridian for bearing 0', () => {
    const north = destination(milan, 10_000, 0);
    expect(north.longitude).toBeCloseTo(milan.longitude, 9);
    expect(north.latitude).toBeGreaterThan(milan.latitude);
  });
});

describe('circleToPolygon', () => {
  it('puts every vertex on the circle, open ring, first one due north', () => {
    const ring = circleToPolygon(milan, 2000, 32);
    expect(ring).toHaveLength(32);
    for (const p of ring) expect(distanceM(milan, p)).toBeCloseTo(2000, 3);
    expect(ring[0]!.latitude).toBeGreaterThan(milan.latitude);
    expect(ring[0]!.longitude).toBeCloseTo(milan.longitude, 9);
    expect(ring[0]).not.toEqual(ring.at(-1));
  });

  it('is a simple polygon a search accepts', () => {
    expect(polygonProblem(circleToPolygon(milan, 100_000))).toBeNull();
  });
});

describe('clampRadius', () => {
  it('keeps the radius within the search limits, in whole metres', () => {
    expect(clampRadius(10)).toBe(LIMITS.radiusMin);
    expect(clampRadius(1_000_000)).toBe(LIMITS.radiusMax);
    expect(clampRadius(1234.6)).toBe(1235);
    expect(clampRadius(Number.NaN)).toBe(LIMITS.radiusDefault);
  });
});

describe('isSelfIntersecting', () => {
  it('accepts a square and a concave shape', () => {
    expect(isSelfIntersecting(square)).toBe(false);
    const arrow = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 4 },
      { latitude: 2, longitude: 2 },
      { latitude: 4, longitude: 4 },
      { latitude: 4, longitude: 0 },
    ];
    expect(isSelfIntersecting(arrow)).toBe(false);
  });

  it('finds the crossing of a bow tie', () => {
    const bowTie = [square[0]!, square[1]!, square[3]!, square[2]!];
    expect(isSelfIntersecting(bowTie)).toBe(true);
  });

  it('finds a crossing with the closing edge', () => {
    const crossing = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 4 },
      { latitude: 4, longitude: 4 },
      { latitude: -2, longitude: 2 },
      { latitude: 4, longitude: 0 },
    ];
    expect(isSelfIntersecting(crossing)).toBe(true);
  });

  it('finds a vertex that comes back on an edge, and ignores a repeated closing point', () => {
    const touching = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 4 },
      { latitude: 4, longitude: 4 },
      { latitude: 0, longitude: 2 },
      { latitude: 4, longitude: 0 },
    ];
    expect(isSelfIntersecting(touching)).toBe(true);
    expect(isSelfIntersecting([...square, square[0]!])).toBe(false);
  });
});

describe('polygonProblem', () => {
  it('says what stops a drawn area from being searched', () => {
    expect(polygonProblem(square.slice(0, 2))).toBe('too-few-points');
    expect(polygonProblem([square[0]!, square[1]!, square[0]!])).toBe('too-few-points');
    expect(polygonProblem(circleToPolygon(milan, 1000, LIMITS.polygonMaxPoints + 1))).toBe('too-many-points');
    expect(polygonProblem([square[0]!, square[2]!, square[1]!, square[3]!])).toBe('self-intersecting');
    expect(polygonProblem(square)).toBeNull();
  });
});

describe('bounds and maplibre', () => {
  const bounds = { south: 45.1, west: 8.9, north: 45.8, east: 9.6 };

  it('writes bounds as [[west, south], [east, north]]', () => {
    expect(toLngLatBounds(bounds)).toEqual([
      [8.9, 45.1],
      [9.6, 45.8],
    ]);
  });

  it('reads maplibre bounds back, from the object or the array', () => {
    const reader = { getSouth: () => 45.1, getWest: () => 8.9, getNorth: () => 45.8, getEast: () => 9.6 };
    expect(fromLngLatBounds(reader)).toEqual(bounds);
    expect(fromLngLatBounds(toLngLatBounds(bounds))).toEqual(bounds);
  });

  it('clamps a world view to the globe and rounds to 6 decimals', () => {
    expect(
      fromLngLatBounds([
        [-200.5, -91],
        [212.1234567891, 89.12345678],
      ]),
    ).toEqual({ south: -90, west: -180, north: 89.123457, east: 180 });
  });

  it('boxes points', () => {
    expect(boundsOf(square)).toEqual({ south: 45, west: 9, north: 46, east: 10 });
    expect(boundsOf([])).toBeNull();
  });
});
