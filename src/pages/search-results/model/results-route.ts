import { SEARCH_PLACE_KEYS, toSearchQuery, type SearchParamKey, type SearchParams } from '@domain/search';
import type { TypeSlug } from '@/shared/config';
import { cleanSearch } from './validate-search';

// Which page shows a search, and back: every results route turns its path and query into one
// `SearchParams`, and a changed search goes back to the same kind of address when it still
// fits it (a filter on /vendita/case/milano/milano/015146 stays there, in the query), or to
// /ricerca with the whole search in its query when it no longer does.

/** The keys that say where a search looks: a route's path fixes them. */
export const PLACE_KEYS = ['SearchType', ...SEARCH_PLACE_KEYS] as const satisfies readonly SearchParamKey[];

/** The address a results page was reached at. */
export type ResultsRoute =
  | { kind: 'query' }
  /** /vendita|affitto/{type}/{prov}/{name}/{istat} */
  | { kind: 'town'; sellType: 1 | 2; type: TypeSlug; prov: string; name: string; istat: string }
  /** /{type}/{prov}: sale unless the query says rent. */
  | { kind: 'province'; type: TypeSlug; prov: string }
  /** /{type}/{area}/{id}: `area` names the district for people, `id` is its id. */
  | { kind: 'district'; type: TypeSlug; area: string; id: number }
  /** /trovacase/{...slug}: the slug resolved to a search (contract, type and place). */
  | { kind: 'seo'; path: string; fixed: Partial<SearchParams> };

/** What the route's path decides; the query may not override it. */
function fixedOf(route: ResultsRoute): Partial<SearchParams> {
  switch (route.kind) {
    case 'query':
      return {};
    case 'town':
      return { SearchType: 'town', SellType: route.sellType, Type: route.type, Town: route.istat };
    case 'province':
      return { SearchType: 'province', Type: route.type, Province: route.prov };
    case 'district':
      return { SearchType: 'district', Type: route.type, District: route.id };
    case 'seo':
      return route.fixed;
  }
}

/** The keys a route's path owns: every place key and the type; the contract too where the path names it. */
function ownedKeys(route: ResultsRoute): Set<SearchParamKey> {
  if (route.kind === 'query') return new Set();
  const keys = new Set<SearchParamKey>([...PLACE_KEYS, 'Type']);
  if (route.kind === 'town' || route.kind === 'seo') keys.add('SellType');
  return keys;
}

/** The search of a results page: the path's part, then the query's filters, sort and cursor on top. */
export function routeSearch(route: ResultsRoute, query: Record<string, unknown>): SearchParams {
  const fromQuery = cleanSearch(query);
  if (route.kind === 'query') return fromQuery;
  const owned = ownedKeys(route);
  const params: SearchParams = { SearchType: 'free', SellType: 1, Sort: 'relevance' };
  for (const [key, value] of Object.entries(fromQuery) as [SearchParamKey, unknown][]) {
    if (!owned.has(key)) (params as unknown as Record<string, unknown>)[key] = value;
  }
  return { ...params, ...fixedOf(route) };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function withQuery(path: string, query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `${path}?${text}` : path;
}

function extras(route: ResultsRoute, params: SearchParams): Record<string, string> {
  const owned = ownedKeys(route);
  const rest: Partial<SearchParams> = {};
  for (const [key, value] of Object.entries(params) as [SearchParamKey, unknown][]) {
    if (!owned.has(key)) (rest as Record<string, unknown>)[key] = value;
  }
  return toSearchQuery(rest);
}

/**
 * The address of a search seen from a results route: the same kind of address when the search
 * still fits it (a town page stays a town page when only the contract or the filters change),
 * else /ricerca with the whole search.
 */
export function resultsHref(route: ResultsRoute, params: SearchParams): string {
  switch (route.kind) {
    case 'town':
      if (params.SearchType === 'town' && params.Town === route.istat && params.Type)
        return withQuery(
          `/${params.SellType === 2 ? 'affitto' : 'vendita'}/${params.Type}/${enc(route.prov)}/${enc(route.name)}/${route.istat}`,
          extras(route, params),
        );
      break;
    case 'province':
      if (params.SearchType === 'province' && params.Province === route.prov && params.Type)
        return withQuery(`/${params.Type}/${enc(route.prov)}`, extras(route, params));
      break;
    case 'district':
      if (params.SearchType === 'district' && params.District === route.id && params.Type)
        return withQuery(`/${params.Type}/${enc(route.area)}/${route.id}`, extras(route, params));
      break;
    case 'seo': {
      const fits = Object.entries(route.fixed).every(([key, value]) => same(params[key as SearchParamKey], value));
      if (fits) return withQuery(route.path, extras(route, params));
      break;
    }
    case 'query':
      break;
  }
  return withQuery('/ricerca', toSearchQuery(params));
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

/** Whether crawlers should index the page: the SEO addresses yes, /ricerca (any filters) no. */
export function isIndexable(route: ResultsRoute): boolean {
  return route.kind !== 'query';
}

/** The page's address without the cursor: what "back to the first page" links to. */
export function firstPageHref(route: ResultsRoute, params: SearchParams): string {
  const { Cursor: _cursor, ...rest } = params;
  return resultsHref(route, rest);
}
