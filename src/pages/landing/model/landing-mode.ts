import { isTypeSlug, TYPE_SLUGS, type TypeSlug } from '@/shared/config';

export { isTypeSlug, TYPE_SLUGS, type TypeSlug };
/** The API's SellType: 1 sale, 2 rent. */
export const SELL_TYPE = { SALE: 1, RENT: 2 } as const;
export type SellType = (typeof SELL_TYPE)[keyof typeof SELL_TYPE];

export const LANDING_MODES = ['comprocasa', 'vendocasa', 'affittocasa', 'trovocasa'] as const;
export type LandingMode = (typeof LANDING_MODES)[number];

/** The municipality list a seeker's city choice leads to, while search results are not built yet. */
export const DEFAULT_TYPE_SLUG: TypeSlug = 'case';

interface ModeConfig {
  /** Which listings and counts the page shows. */
  sellType: SellType;
  /** Buyers and renters pick a city; sellers and landlords get calls to action instead. */
  seeker: boolean;
  /** Where the hero's and the final block's calls to action lead. */
  primaryTo: string;
  secondaryTo: string;
  finalTo: string;
  finalSecondaryTo: string;
}

export const MODE_CONFIG: Record<LandingMode, ModeConfig> = {
  comprocasa: {
    sellType: SELL_TYPE.SALE,
    seeker: true,
    primaryTo: '/comprocasa',
    secondaryTo: '/valutocasa',
    finalTo: '/contatti',
    finalSecondaryTo: '/agenzie/comprocasa',
  },
  vendocasa: {
    sellType: SELL_TYPE.SALE,
    seeker: false,
    primaryTo: '/annuncio/vendocasa',
    secondaryTo: '/valutocasa',
    finalTo: '/annuncio/vendocasa',
    finalSecondaryTo: '/valutocasa',
  },
  affittocasa: {
    sellType: SELL_TYPE.RENT,
    seeker: false,
    primaryTo: '/annuncio/affittocasa',
    secondaryTo: '/valutocasa',
    finalTo: '/annuncio/affittocasa',
    finalSecondaryTo: '/comefunziona/affittocasa',
  },
  trovocasa: {
    sellType: SELL_TYPE.RENT,
    seeker: true,
    primaryTo: '/trovocasa',
    secondaryTo: '/faq/trovocasa',
    finalTo: '/contatti',
    finalSecondaryTo: '/comefunziona/trovocasa',
  },
};

/** `/comprocasa/{type}/{province}/comuni` or the `/trovocasa` twin. */
export function municipalityListPath(mode: LandingMode, typeSlug: string | undefined, provinceSlug: string): string {
  const base = mode === 'trovocasa' ? '/trovocasa' : '/comprocasa';
  const type = isTypeSlug(typeSlug) ? typeSlug : DEFAULT_TYPE_SLUG;
  return `${base}/${type}/${provinceSlug}/comuni`;
}

/** How many of the latest listings a landing shows. */
export const LISTINGS_SHOWN = 6;
