// The demo accounts, in one place: the seed creates them, the README lists them and the
// tests sign in with them. Every demo account (and every generated owner of a demo
// listing) shares DEMO_PASSWORD, which satisfies the product's rule: 8 characters or
// more, an upper-case letter, a number and a symbol.

export const DEMO_PASSWORD = 'Rexer#Demo2025';

export interface DemoAccount {
  email: string;
  /** Private 0, company 1. */
  businessName: 0 | 1;
  /** The home mode the account starts in (seller 1, buyer 2). */
  userTypeId: number;
  name: string;
  surname: string;
  companyName?: string;
  role: string;
}

export const DEMO_ACCOUNTS = {
  buyer: {
    email: 'acquirente@rexer.example',
    businessName: 0,
    userTypeId: 2,
    name: 'Giulia',
    surname: 'Bianchi',
    role: 'private buyer with favourites, a saved search and visit requests',
  },
  seller: {
    email: 'venditore@rexer.example',
    businessName: 0,
    userTypeId: 1,
    name: 'Marco',
    surname: 'Rossi',
    role: 'private seller and landlord who owns published listings and a draft',
  },
  agency: {
    email: 'agenzia@rexer.example',
    businessName: 1,
    userTypeId: 1,
    name: 'Francesca',
    surname: 'Colombo',
    companyName: 'Navigli Case Immobiliare S.r.l.',
    role: 'company account of the partner agency Navigli Case Immobiliare',
  },
  returning: {
    email: 'rientro@rexer.example',
    businessName: 0,
    userTypeId: 2,
    name: 'Elena',
    surname: 'Ferri',
    role: 'private buyer back after the terms changed: her login asks her to accept the new terms',
  },
  moderator: {
    email: 'moderatore@rexer.example',
    businessName: 0,
    userTypeId: 2,
    name: 'Paolo',
    surname: 'Greco',
    role: 'Rexer moderator: approves or rejects reviews of agencies and of Rexer (MyRexer, «Moderazione»)',
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
