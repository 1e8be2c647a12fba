// Pure data, shared by the listing pages (property, new development).
// The energy label every Italian listing must show (D.Lgs. 192/2005, art. 6, and the DM of
// 26 June 2015): the class on the A4 ... G scale and the global non-renewable energy
// performance index EPgl,nren in kWh/m² a year.

/** The scale, best first, with the label's customary colours (dark green to red) and a text colour readable on each (WCAG AA). */
export const ENERGY_SCALE = [
  { code: 'A4', color: '#00843d', text: '#ffffff' },
  { code: 'A3', color: '#2fa33f', text: '#1d2433' },
  { code: 'A2', color: '#4caf32', text: '#1d2433' },
  { code: 'A1', color: '#8cc63f', text: '#1d2433' },
  { code: 'B', color: '#c5d92d', text: '#1d2433' },
  { code: 'C', color: '#f2e41b', text: '#1d2433' },
  { code: 'D', color: '#fbb817', text: '#1d2433' },
  { code: 'E', color: '#f28c1b', text: '#1d2433' },
  { code: 'F', color: '#ee6a2c', text: '#1d2433' },
  { code: 'G', color: '#d7191c', text: '#ffffff' },
] as const;

export type EnergyClassCode = (typeof ENERGY_SCALE)[number]['code'];

/**
 * The EPgl,nren a home of each class typically has, kWh/m² a year, in the order of the scale
 * (A4 first; the `energy_classes` ids 1-10): what the demo data and the synthetic listings draw
 * an index from, so the index always agrees with the class.
 */
export const ENERGY_INDEX_RANGES: readonly (readonly [number, number])[] = [
  [10, 20],
  [20, 35],
  [35, 50],
  [50, 65],
  [65, 90],
  [90, 120],
  [120, 160],
  [160, 210],
  [210, 280],
  [280, 400],
];

/** What the listing says about its energy label. */
export type EnergyLabel =
  | { kind: 'rated'; code: EnergyClassCode; index: number; color: string; text: string; performance: number | null }
  | { kind: 'exempt' }
  | { kind: 'pending' }
  | { kind: 'missing' };

/** Reads the listing's class (its code: A4 ... G, `exempt`, `pending`) and index. */
export function energyLabelOf(
  energyClass: { Code: string } | null | undefined,
  performance: number | null | undefined,
): EnergyLabel {
  if (!energyClass) return { kind: 'missing' };
  const code = energyClass.Code.trim();
  if (code.toLowerCase() === 'exempt') return { kind: 'exempt' };
  if (code.toLowerCase() === 'pending') return { kind: 'pending' };
  const index = ENERGY_SCALE.findIndex((step) => step.code === code.toUpperCase());
  if (index < 0) return { kind: 'missing' };
  const performanceValue =
    performance !== null && performance !== undefined && Number.isFinite(performance) && performance >= 0
      ? performance
      : null;
  return {
    kind: 'rated',
    code: ENERGY_SCALE[index].code,
    index,
    color: ENERGY_SCALE[index].color,
    text: ENERGY_SCALE[index].text,
    performance: performanceValue,
  };
}
