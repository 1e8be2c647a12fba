import { HOME_TYPE, type HomeType } from '@/shared/lib/home-type';

/** How the header shows on a page (docs/spec.md §2): normal, hidden, or not sticky on scroll. */
export type HeaderMode = 'show' | 'hideAll' | 'hideSticky';
/** The footer's SEO links: collapsed, open (map-search pages) or absent. */
export type FooterSeoMode = 'default' | 'expanded' | 'hidden';

/**
 * What every route of the table declares (conventions: "Home mode"). Optional here only so
 * that test routes built by hand type-check; `route-table.test.ts` proves every route of the
 * app declares `homeTypes`.
 */
export interface RexerStaticData {
  /** The home types the page accepts; the root switches the visitor's type to one of them. */
  homeTypes?: readonly HomeType[];
  /** The type to switch to when the current one is not accepted (else the first accepted). */
  defaultHomeType?: HomeType;
  header?: HeaderMode;
  /** Under the MyRexer layout: the page needs a logged-in visitor. */
  requiresLogin?: boolean;
  footerSeo?: FooterSeoMode;
  /** A traffic source the page always has (new builds are 'costruzioni': no SEO footer). */
  source?: string;
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends RexerStaticData {}
}

const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;

/** Sets of accepted types the route table repeats. */
export const ACCEPTS = {
  /** Content and service pages: every visitor keeps their type. */
  all: [UNDEFINED, SELLER, BUYER, LANDLORD, RENTER],
  chooser: [UNDEFINED],
  buyer: [BUYER],
  seller: [SELLER],
  landlord: [LANDLORD],
  renter: [RENTER],
  seekers: [BUYER, RENTER],
  owners: [SELLER, LANDLORD],
  sellerBuyer: [SELLER, BUYER],
} as const satisfies Record<string, readonly HomeType[]>;

export const DEFAULT_STATIC_DATA = { header: 'show', footerSeo: 'default' } as const satisfies RexerStaticData;
