// The mortgage estimate of a sale listing: a fixed-rate loan repaid in equal monthly
// instalments (French amortisation, the usual Italian "rata costante").

export const MORTGAGE_DEFAULTS = {
  /** Share of the price paid up front; Italian banks lend up to 80% of the value. */
  downPaymentPercent: 20,
  /** Yearly nominal fixed rate, in percent. */
  ratePercent: 3.2,
  years: 25,
} as const;

export const MORTGAGE_LIMITS = {
  downPaymentPercent: { min: 0, max: 100 },
  ratePercent: { min: 0, max: 15 },
  years: { min: 5, max: 40 },
} as const;

/**
 * The monthly instalment of a loan of `principal` euros at `annualRatePercent` (nominal,
 * compounded monthly) over `years`: P · r / (1 − (1 + r)^−n), with r the monthly rate and n
 * the number of months; without interest, the principal split evenly.
 */
export function monthlyPayment(principal: number, annualRatePercent: number, years: number): number {
  const months = Math.round(years * 12);
  if (!(principal > 0) || !(months > 0)) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r <= 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}

export interface MortgageEstimate {
  loan: number;
  downPayment: number;
  monthly: number;
  totalInterest: number;
}

export function estimateMortgage(
  price: number,
  { downPaymentPercent, ratePercent, years }: { downPaymentPercent: number; ratePercent: number; years: number },
): MortgageEstimate {
  const share = Math.min(Math.max(downPaymentPercent, 0), 100) / 100;
  const downPayment = Math.round(price * share);
  const loan = Math.max(price - downPayment, 0);
  const monthly = monthlyPayment(loan, ratePercent, years);
  return { loan, downPayment, monthly, totalInterest: Math.max(monthly * Math.round(years * 12) - loan, 0) };
}
