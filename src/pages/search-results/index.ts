export { SearchResultsPage, type SearchResultsPageProps } from './ui/search-results-page';
export {
  prefetchSearchResults,
  resolveSeoPlace,
  searchResultsQueryOptions,
  isUnknownPlace,
  type SearchRefusal,
  type SearchPrefetch,
  type SearchResult,
  type SearchArea,
  type PlaceSuggestion,
} from './api/search-api';
export {
  firstPageHref,
  isIndexable,
  resultsHref,
  routeSearch,
  PLACE_KEYS,
  type ResultsRoute,
} from './model/results-route';
export { cleanSearch, toRouterSearch, validateResultsSearch } from './model/validate-search';
export { parseSeoSlug, type SeoSlug } from './model/seo-slug';
