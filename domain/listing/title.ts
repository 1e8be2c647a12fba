// The generated listing title (docs/spec.md §5 and §9; wizard step 16):
// 'Casa in vendita|affitto in {address} a {city}', without the address when the whole would
// pass 63 characters. Pure: the words are the caller's (the server passes its seed texts, the
// app its translations), so no Italian text lives in code.

/** The spec's limit for a generated title. */
export const GENERATED_TITLE_MAX_LENGTH = 63;

/** The four templates, with `{address}` and `{city}` placeholders. */
export interface TitleTemplates {
  sale: string;
  rent: string;
  saleWithoutAddress: string;
  rentWithoutAddress: string;
}

/** Street and number as they appear in a title: 'Via Padova, 45'. */
export function formatAddress(street: string, streetNumber?: string | null): string {
  const s = street.trim();
  const n = streetNumber?.trim();
  return n ? `${s}, ${n}` : s;
}

/**
 * The title for a sale (1) or a rent (2) in `city`: with the address when the result is at
 * most 63 characters, without it otherwise (and when there is none).
 */
export function generatedListingTitle(templates: TitleTemplates, sellTypeId: 1 | 2, address: string | null | undefined, city: string): string {
  const sale = sellTypeId === 1;
  const fill = (template: string) => template.replace('{address}', () => address ?? '').replace('{city}', () => city);
  if (address && address.trim() !== '') {
    const full = fill(sale ? templates.sale : templates.rent);
    if (full.length <= GENERATED_TITLE_MAX_LENGTH) return full;
  }
  return fill(sale ? templates.saleWithoutAddress : templates.rentWithoutAddress);
}
