import { describe, expect, it } from 'vitest';
import { estimateMortgage, monthlyPayment } from './mortgage';

describe('the mortgage estimate', () => {
  it('gives the French amortisation instalment', () => {
    // 100.000 € at 3% over 20 years: 554,60 € a month (any bank's table).
    expect(monthlyPayment(100_000, 3, 20)).toBeCloseTo(554.6, 1);
    // 256.000 € at 3,2% over 25 years.
    expect(monthlyPayment(256_000, 3.2, 25)).toBeCloseTo(1240.78, 1);
  });

  it('splits the loan evenly without interest and gives nothing for nothing', () => {
    expect(monthlyPayment(120_000, 0, 10)).toBe(1000);
    expect(monthlyPayment(0, 3, 20)).toBe(0);
    expect(monthlyPayment(100_000, 3, 0)).toBe(0);
  });

  it('lends the price less the down payment and counts the interest paid over the years', () => {
    const estimate = estimateMortgage(320_000, { downPaymentPercent: 20, ratePercent: 3.2, years: 25 });
    expect(estimate.downPayment).toBe(64_000);
    expect(estimate.loan).toBe(256_000);
    expect(estimate.monthly).toBeCloseTo(1240.78, 1);
    expect(estimate.totalInterest).toBeCloseTo(1240.78 * 300 - 256_000, -1);
    expect(estimateMortgage(320_000, { downPaymentPercent: 100, ratePercent: 3.2, years: 25 }).monthly).toBe(0);
  });
});
