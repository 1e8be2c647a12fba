export const FAQ_VARIANTS = ['comprocasa', 'vendocasa', 'affittocasa', 'trovocasa'] as const;
export type FaqVariant = (typeof FAQ_VARIANTS)[number];

export interface FaqItem {
  q: string;
  a: string;
}
