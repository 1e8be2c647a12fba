import { describe, expect, it } from 'vitest';
import { ENERGY_SCALE, energyLabelOf } from '@domain/energy-label';
import { EURO_PER_KWH, KWH_PER_M2_YEAR, estimateRunningCosts } from './running-costs';

describe('the energy label', () => {
  it('places a class on the A4 ... G scale with its colour and index', () => {
    expect(ENERGY_SCALE.map((step) => step.code)).toEqual(['A4', 'A3', 'A2', 'A1', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(energyLabelOf({ Code: 'A4' }, 12.5)).toEqual({
      kind: 'rated',
      code: 'A4',
      index: 0,
      color: '#00843d',
      text: '#ffffff',
      performance: 12.5,
    });
    expect(energyLabelOf({ Code: 'g' }, null)).toMatchObject({ kind: 'rated', code: 'G', index: 9, performance: null });
    expect(energyLabelOf({ Code: 'D' }, -3)).toMatchObject({ index: 6, performance: null });
  });

  it('tells exempt, pending and missing labels apart', () => {
    expect(energyLabelOf({ Code: 'exempt' }, null)).toEqual({ kind: 'exempt' });
    expect(energyLabelOf({ Code: 'pending' }, null)).toEqual({ kind: 'pending' });
    expect(energyLabelOf(null, 80)).toEqual({ kind: 'missing' });
    expect(energyLabelOf({ Code: 'Z' }, 80)).toEqual({ kind: 'missing' });
  });
});

describe('the running costs', () => {
  it('estimates energy from the class and the surface, with the fees', () => {
    const costs = estimateRunningCosts({ energyClass: 'E', energyPerformance: null, surfaceM2: 80, condoFees: 120 });
    expect(costs.kwhPerM2Year).toBe(KWH_PER_M2_YEAR.E);
    expect(costs.measured).toBe(false);
    expect(costs.energy).toBeCloseTo((150 * 80 * EURO_PER_KWH) / 12, 6);
    expect(costs.energy).toBeCloseTo(120, 6);
    expect(costs.total).toBeCloseTo(240, 6);
  });

  it('prefers the index the listing gives to the class assumption', () => {
    const costs = estimateRunningCosts({ energyClass: 'E', energyPerformance: 100, surfaceM2: 60, condoFees: 0 });
    expect(costs.measured).toBe(true);
    expect(costs.energy).toBeCloseTo(60, 6);
    expect(costs.total).toBeCloseTo(60, 6);
  });

  it('a better class costs less for the same home', () => {
    const of = (energyClass: 'A2' | 'G') =>
      estimateRunningCosts({ energyClass, energyPerformance: null, surfaceM2: 100, condoFees: null }).energy ?? 0;
    expect(of('A2')).toBeLessThan(of('G'));
  });

  it('says nothing it does not know', () => {
    expect(
      estimateRunningCosts({ energyClass: null, energyPerformance: null, surfaceM2: 80, condoFees: null }),
    ).toMatchObject({ energy: null, total: null });
    expect(
      estimateRunningCosts({ energyClass: 'B', energyPerformance: null, surfaceM2: null, condoFees: 90 }),
    ).toMatchObject({ energy: null, total: 90 });
  });
});
