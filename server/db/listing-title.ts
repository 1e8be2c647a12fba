import {
  formatAddress,
  GENERATED_TITLE_MAX_LENGTH,
  generatedListingTitle as titleFrom,
  generatedTitleAt,
  isGeneratedTitle,
  type TitlePlace,
} from '@domain/listing/title';
import texts from './seed/data/listing-texts.json';

// The rule is domain/listing/title.ts (shared with the app); the server's words are the seed's texts.
export { formatAddress, GENERATED_TITLE_MAX_LENGTH, type TitlePlace };

/**
 * The generated listing title (wizard step 16): 'Casa in vendita|affitto in {address} a
 * {city}', without the address when the whole would pass 63 characters. `address` must be
 * one the listing shows: a listing's title is `listingTitle` (its «mostra indirizzo» heeded).
 */
export function generatedListingTitle(sellTypeId: 1 | 2, address: string | null, city: string): string {
  return titleFrom(texts.title, sellTypeId, address, city);
}

/** The generated title of a listing at `place`: the street only when the listing shows it, else the town alone. */
export function listingTitle(sellTypeId: 1 | 2, place: TitlePlace): string {
  return generatedTitleAt(texts.title, sellTypeId, place);
}

/** Whether `title` is a generated one of `place` (with its address or without): the server's words, not the seller's. */
export function isListingGeneratedTitle(sellTypeId: 1 | 2, title: string, place: TitlePlace): boolean {
  return isGeneratedTitle(texts.title, sellTypeId, title, place);
}
