import type { SearchParams } from '@domain/search';

/** The longest name a saved search takes (the server refuses more). */
export const SEARCH_NAME_MAX = 200;

export type SearchNameError = 'nameRequired' | 'nameTooLong';

/** What is wrong with a name the visitor typed, or null. */
export function validateSearchName(name: string): SearchNameError | null {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (trimmed.length > SEARCH_NAME_MAX) return 'nameTooLong';
  return null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A name to start from, as a person would call the search: "Trilocali a Bologna, fino a 450.000 €",
 * "Case in affitto in provincia di Torino, almeno 3 locali". `areaName` is the place's name as the search
 * answered it (the params carry only codes); without it the place is left out.
 */
export function suggestSearchName(params: SearchParams, areaName: string | null | undefined, t: Translate): string {
  const rent = params.SellType === 2;
  const base = params.Type ? t(`name.types.${params.Type}`) : t(rent ? 'name.anything.rent' : 'name.anything.sale');
  // "Case in affitto" already says it; "Trilocali" needs it for a rental.
  const what = params.Type && rent ? t('name.rentSuffix', { what: base }) : base;
  let place =
    params.SearchType === 'place' || params.SearchType === 'proximity' ? (areaName ?? params.Place) : areaName;
  // The search names a province "Provincia di Torino"; the sentence says "in provincia di Torino".
  if (params.SearchType === 'province' && place) place = place.replace(/^provincia di /i, '');
  let name: string;
  switch (params.SearchType) {
    case 'town':
    case 'district':
    case 'province':
    case 'region':
    case 'agency':
    case 'place':
    case 'proximity':
      name = place
        ? t(`name.${params.SearchType === 'proximity' ? 'place' : params.SearchType}`, { what, name: place })
        : what;
      break;
    case 'draw':
      name = t('name.draw', { what });
      break;
    case 'circle':
      name = t('name.circle', { what });
      break;
    default:
      name = params.Text ? `${what} «${params.Text}»` : t('name.free', { what });
  }
  const withFilters = [name, ...filterPhrases(params, t)].join(', ');
  return withFilters.length > SEARCH_NAME_MAX ? withFilters.slice(0, SEARCH_NAME_MAX).trimEnd() : withFilters;
}

const amount = (value: number) =>
  new Intl.NumberFormat('it-IT', { useGrouping: true }).format(value).replace(/^(\d)(\d{3})$/, '$1.$2');

/** The filters a person names a search by: rooms (when the type does not say them already), price, surface. */
function filterPhrases(p: SearchParams, t: Translate): string[] {
  const phrases: string[] = [];
  const typeSaysRooms =
    p.Type === 'monolocali' || p.Type === 'bilocali' || p.Type === 'trilocali' || p.Type === 'quadrilocali';
  if (p.RoomsMin !== undefined && !typeSaysRooms) phrases.push(t('name.filters.roomsMin', { count: p.RoomsMin }));
  if (p.PriceMin !== undefined && p.PriceMax !== undefined)
    phrases.push(t('name.filters.priceRange', { min: amount(p.PriceMin), max: amount(p.PriceMax) }));
  else if (p.PriceMax !== undefined) phrases.push(t('name.filters.priceMax', { max: amount(p.PriceMax) }));
  else if (p.PriceMin !== undefined) phrases.push(t('name.filters.priceMin', { min: amount(p.PriceMin) }));
  if (p.SurfaceMin !== undefined) phrases.push(t('name.filters.surfaceMin', { min: amount(p.SurfaceMin) }));
  return phrases;
}
