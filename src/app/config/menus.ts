import type { LinkProps } from '@tanstack/react-router';
import { HOME_MODES, HOME_TYPE, type HomeType } from '@/shared/lib/home-type';

export type AppPath = NonNullable<LinkProps['to']>;

/**
 * A menu entry: an internal link, an external link, or a button with a named action. The
 * `primary` entry (at most one per menu) is the visitor's main action, drawn as the filled
 * button: publishing for sellers and landlords, the free valuation for buyers.
 */
export type MenuItem = (
  | { id: string; label: string; kind: 'link'; to: AppPath }
  | { id: string; label: string; kind: 'external'; href: 'blog' }
  | { id: string; label: string; kind: 'action'; action: 'freeValuation' }
) & {
  primary?: boolean;
  /** Only on pages of these home types (absent: every type of its menu). */ homeTypes?: readonly HomeType[];
};

const primary = (item: MenuItem): MenuItem => ({ ...item, primary: true });

/** `label` is a key of the `common` namespace. */
const link = (id: string, label: string, to: AppPath): MenuItem => ({ id, label, kind: 'link', to });

// ---------------------------------------------------------------------------------------
// Header menus: exactly the entries of docs/spec.md §2, per menu type.
// ---------------------------------------------------------------------------------------

export type HeaderMenuType = 'BUYER_RENTER' | 'BUYER' | 'RENTER' | 'SELLER' | 'LANDLORD' | 'SELLER_LANDLORD';

const aboutUs = link('about-us', 'menu.aboutUs', '/chisiamo');
const freeValuation: MenuItem = {
  id: 'free-valuation',
  label: 'menu.freeValuation',
  kind: 'action',
  action: 'freeValuation',
};

export const HEADER_MENUS: Record<HeaderMenuType, readonly MenuItem[]> = {
  BUYER_RENTER: [
    link('how-it-works', 'menu.howItWorks', '/comefunziona'),
    aboutUs,
    link('home-valuation', 'menu.homeValuation', '/valutocasa'),
  ],
  BUYER: [
    link('search', 'menu.search', '/comprocasa'),
    link('how-it-works', 'menu.howItWorks', '/comefunziona/comprocasa'),
    aboutUs,
    link('agencies', 'menu.agencies', '/agenzie/comprocasa'),
    primary(freeValuation),
  ],
  RENTER: [
    link('search', 'menu.search', '/trovocasa'),
    link('how-it-works', 'menu.howItWorks', '/comefunziona/trovocasa'),
    aboutUs,
    link('faq', 'menu.faq', '/faq/trovocasa'),
  ],
  SELLER: [
    link('how-it-works', 'menu.howItWorks', '/comefunziona/vendocasa'),
    aboutUs,
    link('agencies', 'menu.agencies', '/agenzie/vendocasa'),
    freeValuation,
    primary(link('create-listing', 'menu.createListing', '/annuncio/vendocasa')),
  ],
  LANDLORD: [
    link('how-it-works', 'menu.howItWorks', '/comefunziona/affittocasa'),
    aboutUs,
    link('faq', 'menu.faq', '/faq/affittocasa'),
    primary(link('create-listing', 'menu.createListing', '/annuncio/affittocasa')),
  ],
  SELLER_LANDLORD: [
    link('how-it-works', 'menu.howItWorks', '/comefunziona'),
    link('valuation', 'menu.valuation', '/valutocasa'),
    link('create-listing-sale', 'menu.createListingSale', '/annuncio/vendocasa'),
    link('create-listing-rent', 'menu.createListingRent', '/annuncio/affittocasa'),
  ],
};

/**
 * The header menu for a visitor of `type` on a page accepting `accepted`.
 *
 * SELLER_LANDLORD shows for a seller or a landlord on a page made for owners of both kinds:
 * one that accepts SELLER and LANDLORD and no seeker type (the listing-edit path
 * /annuncio/vendocasa/{id}..., MyRexer's listings). There the visitor may be managing a sale
 * or a rental, so the menu offers both create-listing entries instead of guessing one. On
 * every other page the visitor's own menu shows; UNDEFINED gets BUYER_RENTER.
 */
export function headerMenuTypeFor(type: HomeType, accepted: readonly HomeType[] = []): HeaderMenuType {
  switch (type) {
    case HOME_TYPE.BUYER:
      return 'BUYER';
    case HOME_TYPE.RENTER:
      return 'RENTER';
    case HOME_TYPE.SELLER:
    case HOME_TYPE.LANDLORD: {
      const ownersOnly =
        accepted.includes(HOME_TYPE.SELLER) &&
        accepted.includes(HOME_TYPE.LANDLORD) &&
        !accepted.includes(HOME_TYPE.BUYER) &&
        !accepted.includes(HOME_TYPE.RENTER);
      if (ownersOnly) return 'SELLER_LANDLORD';
      return type === HOME_TYPE.SELLER ? 'SELLER' : 'LANDLORD';
    }
    default:
      return 'BUYER_RENTER';
  }
}

// ---------------------------------------------------------------------------------------
// Footer menus: two columns per type (docs/spec.md §2).
// ---------------------------------------------------------------------------------------

export interface FooterColumn {
  id: string;
  title: string;
  items: readonly MenuItem[];
}

const contact = link('contact', 'menu.contact', '/contatti');
const reviews = link('reviews', 'menu.reviews', '/diconodinoi');
const houseOfMusic = link('house-of-music', 'menu.houseOfMusic', '/houseofmusic');
const blog: MenuItem = { id: 'blog', label: 'menu.blog', kind: 'external', href: 'blog' };
const valuation = link('valuation', 'menu.homeValuation', '/valutocasa');
const search = link('search', 'menu.advancedSearch', '/ricerca');

const rexerColumn = (first: readonly MenuItem[]): FooterColumn => ({
  id: 'rexer',
  title: 'footer.columns.rexer',
  items: [...first, aboutUs, reviews, contact, houseOfMusic, blog],
});

export const FOOTER_MENUS: Record<HomeType, readonly [FooterColumn, FooterColumn]> = {
  [HOME_TYPE.UNDEFINED]: [
    {
      id: 'start',
      title: 'footer.columns.start',
      items: HOME_MODES.map((mode) => link(mode.id, `menu.${mode.id}`, mode.path)),
    },
    rexerColumn([link('how-it-works', 'menu.howItWorks', '/comefunziona'), link('faq', 'menu.faq', '/faq')]),
  ],
  [HOME_TYPE.BUYER]: [
    {
      id: 'services',
      title: 'footer.columns.services',
      items: [
        search,
        link('agencies', 'menu.agencies', '/agenzie/comprocasa'),
        valuation,
        link('how-it-works', 'menu.howItWorks', '/comefunziona/comprocasa'),
        link('faq', 'menu.faq', '/faq/comprocasa'),
      ],
    },
    rexerColumn([]),
  ],
  [HOME_TYPE.RENTER]: [
    {
      id: 'services',
      title: 'footer.columns.services',
      items: [
        search,
        link('how-it-works', 'menu.howItWorks', '/comefunziona/trovocasa'),
        link('faq', 'menu.faq', '/faq/trovocasa'),
      ],
    },
    rexerColumn([]),
  ],
  [HOME_TYPE.SELLER]: [
    {
      id: 'services',
      title: 'footer.columns.services',
      items: [
        valuation,
        link('agencies', 'menu.agencies', '/agenzie/vendocasa'),
        link('how-it-works', 'menu.howItWorks', '/comefunziona/vendocasa'),
        link('faq', 'menu.faq', '/faq/vendocasa'),
      ],
    },
    rexerColumn([]),
  ],
  [HOME_TYPE.LANDLORD]: [
    {
      id: 'services',
      title: 'footer.columns.services',
      items: [
        valuation,
        link('how-it-works', 'menu.howItWorks', '/comefunziona/affittocasa'),
        link('faq', 'menu.faq', '/faq/affittocasa'),
      ],
    },
    rexerColumn([]),
  ],
};

// ---------------------------------------------------------------------------------------
// Logged-in user menu (docs/spec.md §2): by the visitor's side of the market.
// ---------------------------------------------------------------------------------------

export type UserMenuType = 'BUYER_RENTER' | 'SELLER_LANDLORD';

const profile = link('profile', 'account.profile', '/myrexer/profilo');
const listings = link('listings', 'account.listings', '/myrexer/annunci');
const valuations = link('valuations', 'account.valuations', '/myrexer/valutazioni');
const favourites = link('favourites', 'account.favourites', '/myrexer/preferiti');
const searches = link('searches', 'account.searches', '/myrexer/ricerche');
const messages = link('messages', 'account.messages', '/myrexer/messaggi');

/**
 * Every page of the account, whatever page the menu opens on: a seller browsing homes for sale
 * still finds "I miei annunci" and "Le mie valutazioni", a buyer on a seller's page the
 * favourites. The side of the market the page is for only puts its own entries first (a page
 * that does not accept the visitor's type switches it, as any link does).
 */
export const USER_MENUS: Record<UserMenuType, readonly MenuItem[]> = {
  BUYER_RENTER: [
    profile,
    link('appointments', 'account.appointments', '/myrexer/appuntamenti'),
    favourites,
    searches,
    messages,
    listings,
    valuations,
  ],
  SELLER_LANDLORD: [
    profile,
    listings,
    valuations,
    link('appointments', 'account.visits', '/myrexer/appuntamenti'),
    messages,
    favourites,
    searches,
  ],
};

/** The logged-in menu of a page of this home type. */
export function userMenuFor(homeType: HomeType): readonly MenuItem[] {
  return USER_MENUS[userMenuTypeFor(homeType)];
}

/** Sellers and landlords see their listings; everyone else the buyer's and renter's menu. */
export function userMenuTypeFor(homeType: HomeType): UserMenuType {
  return homeType === HOME_TYPE.SELLER || homeType === HOME_TYPE.LANDLORD ? 'SELLER_LANDLORD' : 'BUYER_RENTER';
}
