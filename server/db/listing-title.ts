import { formatAddress, GENERATED_TITLE_MAX_LENGTH, generatedListingTitle as titleFrom } from '../../domain/listing/title';
import texts from './seed/data/listing-texts.json';

// The rule is domain/listing/title.ts (shared with the app); the server's words are the seed's texts.
export { formatAddress, GENERATED_TITLE_MAX_LENGTH };

/**
 * The generated listing title (wizard step 16): 'Casa in vendita|affitto in {address} a
 * {city}', without the address when the whole would pass 63 characters.
 */
export function generatedListingTitle(sellTypeId: 1 | 2, address: string | null, city: string): string {
  return titleFrom(texts.title, sellTypeId, address, city);
}
