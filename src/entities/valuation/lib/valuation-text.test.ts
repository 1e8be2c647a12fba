import { describe, expect, it } from 'vitest';
import {
  adjustmentReasons,
  formatDistance,
  formatMoney,
  formatPercent,
  formatPerSqm,
  percentOf,
} from './valuation-text';

const NBSP = '\u00a0';

describe('the figures of a valuation', () => {
  it('writes euros with a dot every three digits, a rent by the month', () => {
    expect(formatMoney(390000, 1)).toBe(`390.000${NBSP}€`);
    expect(formatMoney(1010, 2)).toBe(`1.010${NBSP}€/mese`);
  });

  it('writes €/m² whole for a sale and with cents for a rent', () => {
    expect(formatPerSqm(4874, 1)).toBe(`4.874${NBSP}€/m²`);
    expect(formatPerSqm(15.6, 2)).toBe(`15,60${NBSP}€/m²`);
  });

  it('writes distances in metres, then kilometres with a decimal comma', () => {
    expect(formatDistance(220)).toBe(`220${NBSP}m`);
    expect(formatDistance(1560)).toBe(`1,6${NBSP}km`);
    expect(formatDistance(10000)).toBe(`10${NBSP}km`);
  });

  it('writes a factor as the change it makes, with a real minus sign', () => {
    expect(percentOf(0.9431)).toBe(-6);
    expect(percentOf(1.2125)).toBe(21);
    expect(percentOf(0.998)).toBe(0);
    expect(formatPercent(-6)).toBe(`\u22126${NBSP}%`);
    expect(formatPercent(21)).toBe(`+21${NBSP}%`);
    expect(formatPercent(0)).toBe(`0${NBSP}%`);
  });

  it('says why a comparable was adjusted: a listing in better condition is lowered, a worse energy class raised; no change is no reason', () => {
    expect(adjustmentReasons({ ConditionFactor: 0.9524, FloorFactor: 0.998, EnergyFactor: 1.0204 })).toEqual([
      { cause: 'condition', direction: 'down', percent: -5 },
      { cause: 'energy', direction: 'up', percent: 2 },
    ]);
    expect(adjustmentReasons({ ConditionFactor: 1, FloorFactor: 1, EnergyFactor: 1 })).toEqual([]);
  });
});
