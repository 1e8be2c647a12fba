import { formatThousands } from '@/shared/lib/number';
import type { ValuationComparable } from '../api/valuation-api';

// The figures of a valuation as the page writes them, in Italian notation (a dot every three
// digits, a decimal comma). Pure, so the server and the browser write the same text.

const NBSP = '\u00a0';
/** 1 sale, 2 monthly rent. */
export type SellType = 1 | 2;

/** "390.000 €", "1.250 €/mese". */
export function formatMoney(value: number, sellType: SellType): string {
  return `${formatThousands(value)}${NBSP}€${sellType === 2 ? '/mese' : ''}`;
}

/** "4.874 €/m²" for a sale; "14,50 €/m²" for a monthly rent, whose figures are small. */
export function formatPerSqm(value: number, sellType: SellType): string {
  if (sellType === 2) {
    const [whole, cents] = Math.abs(value).toFixed(2).split('.');
    return `${formatThousands(Number(whole))},${cents}${NBSP}€/m²`;
  }
  return `${formatThousands(value)}${NBSP}€/m²`;
}

/** "220 m", "1,6 km", "10 km". */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)}${NBSP}m`;
  const km = Math.round(metres / 100) / 10;
  return `${String(km).replace('.', ',')}${NBSP}km`;
}

/** A factor as the change it makes: 0.9431 → -6, 1.2125 → 21 (whole per cent, rounded). */
export function percentOf(factor: number): number {
  const percent = Math.round((factor - 1) * 100);
  return Object.is(percent, -0) ? 0 : percent;
}

/** "+21 %", "−6 %" (a real minus sign), "0 %". */
export function formatPercent(percent: number): string {
  if (percent === 0) return `0${NBSP}%`;
  return `${percent > 0 ? '+' : '\u2212'}${Math.abs(percent)}${NBSP}%`;
}

export type AdjustmentCause = 'condition' | 'floor' | 'energy';

export interface AdjustmentReason {
  cause: AdjustmentCause;
  /**
   * `up`: the listing is worse than the home in this respect, so its price per m² is raised
   * to compare; `down`: it is better, so it is lowered.
   */
  direction: 'up' | 'down';
  percent: number;
}

/**
 * Why a comparable's €/m² was adjusted: each factor that moved it by at least 1 %. A factor is
 * the home's ÷ the listing's (docs/valuation.md), so above 1 means the listing is the worse.
 */
export function adjustmentReasons(
  comparable: Pick<ValuationComparable, 'ConditionFactor' | 'FloorFactor' | 'EnergyFactor'>,
): AdjustmentReason[] {
  const factors: [AdjustmentCause, number][] = [
    ['condition', comparable.ConditionFactor],
    ['floor', comparable.FloorFactor],
    ['energy', comparable.EnergyFactor],
  ];
  return factors
    .map(([cause, factor]) => ({ cause, percent: percentOf(factor) }))
    .filter((reason) => reason.percent !== 0)
    .map((reason) => ({ ...reason, direction: reason.percent > 0 ? 'up' : 'down' }));
}

const DATE = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});

/** "25 novembre 2026" (Rome's day, the same on the server and in the browser). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
