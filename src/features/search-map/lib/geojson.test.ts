import { describe, expect, it } from 'vitest';
import { circleToPolygon } from './geometry';
import { draftFeatures, shapeToFeatures } from './geojson';

describe('shapeToFeatures', () => {
  it('closes a polygon ring in [lng, lat] order', () => {
    const points = [
      { latitude: 45, longitude: 9 },
      { latitude: 45, longitude: 10 },
      { latitude: 46, longitude: 10 },
    ];
    const ring = shapeToFeatures({ kind: 'polygon', points }).features[0]!.geometry.coordinates[0]!;
    expect(ring).toEqual([
      [9, 45],
      [10, 45],
      [10, 46],
      [9, 45],
    ]);
  });

  it('draws a circle as 64 vertices plus the closing one', () => {
    const center = { latitude: 45, longitude: 9 };
    const ring = shapeToFeatures({ kind: 'circle', center, radiusM: 1000 }).features[0]!.geometry.coordinates[0]!;
    expect(ring).toHaveLength(65);
    expect(ring[1]).toEqual([circleToPolygon(center, 1000)[1]!.longitude, circleToPolygon(center, 1000)[1]!.latitude]);
  });

  it('draws nothing for no shape', () => {
    expect(shapeToFeatures(null).features).toEqual([]);
  });
});

describe('draftFeatures', () => {
  it('draws the line on to the pointer and marks the first vertex', () => {
    const a = { latitude: 45, longitude: 9 };
    const b = { latitude: 45, longitude: 10 };
    const { features } = draftFeatures([a, b], { latitude: 46, longitude: 10 });
    expect(features[0]).toMatchObject({
      geometry: {
        type: 'LineString',
        coordinates: [
          [9, 45],
          [10, 45],
          [10, 46],
        ],
      },
    });
    expect(features.slice(1).map((f) => f.properties)).toEqual([{ first: true }, { first: false }]);
  });
});
