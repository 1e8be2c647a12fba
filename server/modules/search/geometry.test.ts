import { describe, expect, it } from 'vitest';
import { LIMITS } from '@domain/search';
import { planarCircle, planarDistance2, sphereDistance } from './geometry';

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// The flat first test of a circle (walkCircle in area-conditions.ts) decides a position only outside its band;
// wherever it decides, the great-circle distance on the same sphere must agree.
describe('planarCircle', () => {
  it('never decides a position the other way from the great-circle distance, from 100 m to the largest radius, at every latitude it serves', () => {
    const r = random(5);
    let decided = 0;
    let band = 0;
    for (let c = 0; c < 400; c++) {
      const center = { latitude: -80 + r() * 160, longitude: -170 + r() * 340 };
      // Small and large circles alike, the largest the search accepts among them.
      const radiusM =
        c % 10 === 0 ? LIMITS.radiusMax : LIMITS.radiusMin + r() ** 3 * (LIMITS.radiusMax - LIMITS.radiusMin);
      const plane = planarCircle(center, radiusM);
      if (!plane) continue;
      const rad = Math.PI / 180;
      for (let i = 0; i < 500; i++) {
        // Around the edge of the circle (a few margins each side), in every direction.
        const angle = r() * 2 * Math.PI;
        const d = radiusM + (r() - 0.5) * 20 * plane.margin;
        const lat = center.latitude + (d * Math.cos(angle)) / 6_378_168 / rad;
        const lng = center.longitude + (d * Math.sin(angle)) / (6_378_168 * Math.cos(lat * rad)) / rad;
        const flat2 = planarDistance2(plane, lat, lng);
        const exact = sphereDistance(center, lat, lng);
        if (flat2 <= plane.inner2) {
          expect(
            exact,
            `inside by the plane: ${JSON.stringify(center)} r ${radiusM} at ${lat},${lng}`,
          ).toBeLessThanOrEqual(radiusM);
          decided++;
        } else if (flat2 >= plane.outer2) {
          expect(
            exact,
            `outside by the plane: ${JSON.stringify(center)} r ${radiusM} at ${lat},${lng}`,
          ).toBeGreaterThan(radiusM);
          decided++;
        } else band++;
      }
    }
    // Most positions are decided by the plane, even this close to the edge.
    expect(decided).toBeGreaterThan(100_000);
    expect(decided).toBeGreaterThan(3 * band);
  });

  it('keeps the band of a 2 km circle in Italy within a few metres', () => {
    const plane = planarCircle({ latitude: 45.4642, longitude: 9.19 }, 2000)!;
    expect(plane.margin).toBeGreaterThan(0.5);
    expect(plane.margin).toBeLessThan(2);
  });

  it('leaves the poles and circles across ±180° to the exact test', () => {
    expect(planarCircle({ latitude: 85, longitude: 10 }, 2000)).toBeNull();
    expect(planarCircle({ latitude: 10, longitude: 179.99 }, 5000)).toBeNull();
  });
});
