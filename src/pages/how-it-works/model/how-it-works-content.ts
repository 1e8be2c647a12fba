export const HOW_IT_WORKS_VARIANTS = ['comprocasa', 'vendocasa', 'affittocasa', 'trovocasa'] as const;
export type HowItWorksVariant = (typeof HOW_IT_WORKS_VARIANTS)[number];

export const SERVICE_KEYS = [
  'publication',
  'firstRow',
  'photo',
  'paddle',
  'upgrade',
  'guaranteedSale',
  'renovation',
  'flexible',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export interface Step {
  title: string;
  text: string;
}

export interface PathCard {
  key: HowItWorksVariant;
  title: string;
  text: string;
}

/** Where each variant's call to action leads. Buyers and renters go to their landing. */
export const VARIANT_CTA: Record<HowItWorksVariant, string> = {
  comprocasa: '/comprocasa',
  vendocasa: '/annuncio/vendocasa',
  affittocasa: '/annuncio/affittocasa',
  trovocasa: '/trovocasa',
};

export function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function isServiceKey(value: string): value is ServiceKey {
  return (SERVICE_KEYS as readonly string[]).includes(value);
}
