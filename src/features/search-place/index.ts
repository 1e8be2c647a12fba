/**
 * The search box «Dove vuoi cercare?» of the home, the landings and the results page: a
 * combobox over GET /api/Search/Places (towns, the province's main town first; districts;
 * streets; provinces and regions) that opens the chosen place's results page, remembers the
 * recent searches on the device, and on a phone opens as a full-screen picker. `LazySearchPlaceBox` is
 * the same box hydrated on first use, for pages whose first screen does not need its code (the results).
 */
export { SearchPlaceBox, type SearchPlaceBoxProps } from './ui/search-place-box';
export { LazySearchPlaceBox } from './ui/lazy-search-place-box';
export { placeHref, type PlaceTarget, type SearchIntent } from './model/place-href';
