import { LIMITS, SEARCH_FILTER_KEYS, type SearchParams } from '@domain/search';

// What the empty state offers when a search finds nothing: each a wider search.

export type WideningKind = 'removePrice' | 'widenRadius' | 'wholeProvince' | 'wholeMap' | 'removeAll';

export interface Widening {
  kind: WideningKind;
  params: SearchParams;
  /** The new radius, for the label ("Allarga il raggio a 4 km"). */
  km?: number;
}

/** What "without any filter" drops beside the type slug: the domain's filters and the map's view. */
const FILTERS: (keyof SearchParams)[] = [...SEARCH_FILTER_KEYS, 'Bounds', 'Zoom'];

function without(params: SearchParams, keys: (keyof SearchParams)[]): SearchParams {
  const next = { ...params };
  for (const key of keys) delete next[key];
  delete next.Cursor;
  return next;
}

/**
 * The wider searches worth offering, most specific first: without the price, a radius twice as
 * large, the whole province of the town or district (when the page knows it), the whole place
 * outside the map's view, and without any filter.
 */
export function wideningsOf(params: SearchParams, { province }: { province?: string } = {}): Widening[] {
  const out: Widening[] = [];
  if (params.PriceMin !== undefined || params.PriceMax !== undefined)
    out.push({ kind: 'removePrice', params: without(params, ['PriceMin', 'PriceMax']) });
  if (['circle', 'place', 'proximity'].includes(params.SearchType)) {
    const radius = Math.min((params.Radius ?? LIMITS.radiusDefault) * 2, LIMITS.radiusMax);
    if (radius > (params.Radius ?? LIMITS.radiusDefault))
      out.push({
        kind: 'widenRadius',
        params: { ...without(params, []), Radius: radius },
        km: Math.round(radius / 100) / 10,
      });
  }
  if (province && (params.SearchType === 'town' || params.SearchType === 'district')) {
    const next = without(params, ['Town', 'District']);
    out.push({ kind: 'wholeProvince', params: { ...next, SearchType: 'province', Province: province } });
  }
  if (params.Bounds) out.push({ kind: 'wholeMap', params: without(params, ['Bounds', 'Zoom']) });
  const unfiltered = without(params, [...FILTERS, 'Type']);
  if (FILTERS.some((key) => params[key] !== undefined) || params.Type)
    out.push({ kind: 'removeAll', params: unfiltered });
  return out;
}
