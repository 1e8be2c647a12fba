import { euros } from './summary';
import { greeting } from '../shared/mail-text';

// The alert mail of a saved search (template 'search-alert'): one mail per search and run,
// listing every new match, whatever their number.

export interface AlertListing {
  id: number;
  title: string;
  price: number | null;
  /** Set for a reduction: the price before. */
  previousPrice: number | null;
  sellTypeId: number | null;
}

export interface SearchAlertMail {
  subject: string;
  text: string;
}

function priceText(listing: AlertListing): string {
  if (listing.price === null) return 'Prezzo su richiesta';
  const unit = listing.sellTypeId === 2 ? ' €/mese' : ' €';
  if (listing.previousPrice !== null && listing.previousPrice > listing.price)
    return `Prezzo ribassato: ${euros(listing.previousPrice)}${unit} → ${euros(listing.price)}${unit}`;
  return `${euros(listing.price)}${unit}`;
}

export function searchAlertMail(opts: {
  userName: string | null;
  searchName: string;
  summary: string;
  publicUrl: string;
  searchUrl: string;
  deleteUrl: string;
  listings: AlertListing[];
}): SearchAlertMail {
  const count = opts.listings.length;
  const reductions = opts.listings.filter(
    (l) => l.previousPrice !== null && l.price !== null && l.previousPrice > l.price,
  ).length;
  const subject =
    count === 1
      ? reductions === 1
        ? `Prezzo ribassato per la tua ricerca «${opts.searchName}»`
        : `Un nuovo annuncio per la tua ricerca «${opts.searchName}»`
      : `${count} annunci per la tua ricerca «${opts.searchName}»`;
  const lines = [
    greeting(opts.userName),
    '',
    count === 1
      ? `c'è una novità per la tua ricerca «${opts.searchName}»`
      : `ci sono ${count} novità per la tua ricerca «${opts.searchName}»`,
    `(${opts.summary}):`,
    '',
  ];
  for (const listing of opts.listings) {
    lines.push(`• ${listing.title}`, `  ${priceText(listing)}`, `  ${opts.publicUrl}/immobile/${listing.id}`, '');
  }
  lines.push(
    'Vedi tutti i risultati della ricerca:',
    opts.searchUrl,
    '',
    `Puoi cambiare la frequenza degli avvisi in ${opts.publicUrl}/myrexer/ricerche`,
    'Non vuoi più ricevere avvisi per questa ricerca? Eliminala da qui:',
    opts.deleteUrl,
    '',
    'Il team di Rexer',
  );
  return { subject: subject.slice(0, 300), text: lines.join('\n') };
}
