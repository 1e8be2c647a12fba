import texts from './seed/data/listing-texts.json';

/** The spec's limit for a generated title (product-spec.md, sections 5 and 9). */
export const GENERATED_TITLE_MAX_LENGTH = 63;

/** Street and number as they appear in a title: 'Via Padova, 45'. */
export function formatAddress(street: string, streetNumber?: string | null): string {
  return streetNumber ? `${street}, ${streetNumber}` : street;
}

/**
 * The generated listing title (wizard step 16): 'Casa in vendita|affitto in {address} a
 * {city}', without the address when the whole would pass 63 characters.
 */
export function generatedListingTitle(sellTypeId: 1 | 2, address: string | null, city: string): string {
  const sale = sellTypeId === 1;
  if (address) {
    const full = (sale ? texts.title.sale : texts.title.rent).replace('{address}', address).replace('{city}', city);
    if (full.length <= GENERATED_TITLE_MAX_LENGTH) return full;
  }
  return (sale ? texts.title.saleWithoutAddress : texts.title.rentWithoutAddress).replace('{city}', city);
}
