import type { EnergyClassCode } from '@domain/energy-label';

// The monthly running costs shown on a listing: energy for heating, hot water and the rest
// of what the energy label measures, plus the condominium fees.

/**
 * Assumed yearly consumption per m² of each class, in kWh/m² (a typical EPgl,nren of homes
 * of that class; the classes are relative to a reference building, so real figures vary with
 * the climate zone). Used only when the listing gives no index of its own.
 */
export const KWH_PER_M2_YEAR: Record<EnergyClassCode, number> = {
  A4: 15,
  A3: 30,
  A2: 45,
  A1: 60,
  B: 75,
  C: 95,
  D: 120,
  E: 150,
  F: 190,
  G: 250,
};

/**
 * Assumed price of a kWh of the energy the label counts, in euros: natural gas at about
 * 1,10 €/Smc (≈ 10,7 kWh each) with some electricity, taxes included.
 */
export const EURO_PER_KWH = 0.12;

export interface RunningCosts {
  /** Estimated energy a month, euros; null without a class or a surface. */
  energy: number | null;
  /** The kWh/m² a year the estimate counts, and whether the listing gave it. */
  kwhPerM2Year: number | null;
  measured: boolean;
  /** Condominium fees a month, euros; null when unknown. */
  condoFees: number | null;
  /** What is known of both, euros a month; null when nothing is. */
  total: number | null;
}

export function estimateRunningCosts({
  energyClass,
  energyPerformance,
  surfaceM2,
  condoFees,
}: {
  energyClass: EnergyClassCode | null;
  energyPerformance: number | null;
  surfaceM2: number | null;
  condoFees: number | null;
}): RunningCosts {
  const measured = energyPerformance !== null && Number.isFinite(energyPerformance) && energyPerformance > 0;
  const kwhPerM2Year = measured ? energyPerformance : energyClass ? KWH_PER_M2_YEAR[energyClass] : null;
  const energy =
    kwhPerM2Year !== null && surfaceM2 !== null && surfaceM2 > 0
      ? (kwhPerM2Year * surfaceM2 * EURO_PER_KWH) / 12
      : null;
  const fees = condoFees !== null && condoFees >= 0 ? condoFees : null;
  const total = energy === null && fees === null ? null : (energy ?? 0) + (fees ?? 0);
  return { energy, kwhPerM2Year, measured, condoFees: fees, total };
}
