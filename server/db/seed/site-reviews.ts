import { eq } from 'drizzle-orm';
import type { SiteReviewRole } from '@domain/site-review';
import type { Tx } from '../database';
import { siteReviews } from '../schema';

/** The version of the example reviews: a new one replaces the examples (never a user's review). */
export const SITE_REVIEWS_SEED_VERSION = '2026-11-30.1';

interface ExampleReview {
  displayName: string;
  town: string;
  role: SiteReviewRole;
  rating: number;
  title: string;
  text: string;
  /** Days before the seed's day it was "published", so the newest-first order is stable. */
  daysAgo: number;
}

/**
 * The demo data's reviews of Rexer (/diconodinoi): written by nobody (is_example, no author),
 * approved, shown with an «Esempio» badge. Seeded only with the demo data (DEMO_DATA).
 */
export const EXAMPLE_SITE_REVIEWS: readonly ExampleReview[] = [
  {
    displayName: 'Giulia M.',
    town: 'Bologna',
    role: 'seller',
    rating: 5,
    title: 'La valutazione mi ha tolto ogni dubbio sul prezzo',
    text: 'Vedere gli annunci simili nel mio quartiere mi ha aiutata a scegliere un prezzo realistico. Ho gestito le visite dal calendario e ho venduto senza pagare provvigioni.',
    daysAgo: 12,
  },
  {
    displayName: 'Marco R.',
    town: 'Torino',
    role: 'buyer',
    rating: 4,
    title: 'Visite prenotate senza telefonate',
    text: "Sceglievo l'orario direttamente dall'annuncio e ricevevo la conferma per email. Avrei voluto più annunci nella mia zona, ma quelli che c'erano erano descritti bene.",
    daysAgo: 20,
  },
  {
    displayName: 'Francesca e Luca',
    town: 'Bari',
    role: 'landlord',
    rating: 5,
    title: "Abbiamo scelto noi l'inquilino",
    text: 'Leggere i messaggi degli interessati prima delle visite ci ha fatto risparmiare tempo. In tre settimane abbiamo firmato il contratto.',
    daysAgo: 27,
  },
  {
    displayName: 'Ahmed K.',
    town: 'Milano',
    role: 'renter',
    rating: 4,
    title: 'Finalmente un proprietario che risponde',
    text: 'Con la ricerca salvata ricevevo gli avvisi appena usciva una casa nuova. Ho scritto al proprietario la sera stessa e il giorno dopo ero già in visita.',
    daysAgo: 34,
  },
  {
    displayName: 'Paola T.',
    town: 'Firenze',
    role: 'seller',
    rating: 4,
    title: 'Il servizio fotografico ha fatto la differenza',
    text: 'Le foto che avevo fatto io non rendevano giustizia alla casa. Dopo il servizio fotografico le richieste di visita sono aumentate. Il prezzo era indicato chiaramente prima di pagare.',
    daysAgo: 41,
  },
  {
    displayName: 'Stefano B.',
    town: 'Verona',
    role: 'buyer',
    rating: 3,
    title: 'Buono, ma fuori città gli annunci sono pochi',
    text: 'Trattare direttamente con la proprietaria è stato semplice e la visita si è prenotata in un minuto. Cercavo anche nei comuni vicini a Verona, dove gli annunci erano ancora pochi.',
    daysAgo: 55,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Replaces the example reviews (a user's own reviews are left alone). */
export async function seedExampleSiteReviews(tx: Tx, now = new Date()): Promise<string> {
  await tx.delete(siteReviews).where(eq(siteReviews.isExample, true));
  await tx.insert(siteReviews).values(
    EXAMPLE_SITE_REVIEWS.map((review) => {
      const at = new Date(now.getTime() - review.daysAgo * DAY_MS);
      return {
        authorUserId: null,
        rating: review.rating,
        title: review.title,
        text: review.text,
        role: review.role,
        displayName: review.displayName,
        town: review.town,
        isExample: true,
        status: 'approved' as const,
        createdAt: at,
        updatedAt: at,
        moderatedAt: at,
      };
    }),
  );
  return `${EXAMPLE_SITE_REVIEWS.length} example reviews of Rexer`;
}
