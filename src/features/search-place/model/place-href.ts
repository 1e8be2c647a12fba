import { parseSearchParams, searchPath, type SearchParams } from '@domain/search';
import type { TypeSlug } from '@/shared/config';

/** What a chosen place needs to become an address: its kind, ids, slugs and search. */
export interface PlaceTarget {
  Kind: 'town' | 'district' | 'province' | 'region' | 'address';
  Id: string;
  Slug: string | null;
  ProvinceSlug: string | null;
  Params: Record<string, string>;
}

/** The search the box runs: sale (1) or rent (2), and the property type of the page. */
export interface SearchIntent {
  sellType: 1 | 2;
  type: TypeSlug;
}

const enc = encodeURIComponent;

/** `?SellType=2` on the addresses whose path does not name the contract (sale is their default). */
function rentQuery(intent: SearchIntent): string {
  return intent.sellType === 2 ? '?SellType=2' : '';
}

/**
 * The results page of a place, at the address the results routes already serve: a town's SEO
 * address (/vendita/case/milano/milano/015146), a district's (/case/brera/12), a province's
 * (/case/milano); a region or a street is /ricerca with the place's search (a street is a circle
 * around it).
 */
export function placeHref(place: PlaceTarget, intent: SearchIntent): string {
  const contract = intent.sellType === 2 ? 'affitto' : 'vendita';
  if (place.Kind === 'town' && place.Slug && place.ProvinceSlug && /^\d{6}$/.test(place.Id)) {
    return `/${contract}/${intent.type}/${enc(place.ProvinceSlug)}/${enc(place.Slug)}/${place.Id}`;
  }
  const district = place.Params.District;
  if (place.Kind === 'district' && place.Slug && district && /^\d+$/.test(district)) {
    return `/${intent.type}/${enc(place.Slug)}/${district}${rentQuery(intent)}`;
  }
  if (place.Kind === 'province' && place.Slug) return `/${intent.type}/${enc(place.Slug)}${rentQuery(intent)}`;
  const { params } = parseSearchParams({ ...place.Params, SellType: String(intent.sellType), Type: intent.type });
  const search: Partial<SearchParams> = params;
  return searchPath(search);
}
