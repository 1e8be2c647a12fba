import type { SearchParams } from '@domain/search';
import { TYPE_SLUGS, type TypeSlug } from '@/shared/config';
import type { SearchArea } from '../api/search-api';
import type { ResultsRoute } from './results-route';

// The words of a results page's heading and title: "245 case in vendita a Milano".

export interface HeadingParts {
  /** The key of the noun: the type slug, or "default" (immobili). */
  noun: TypeSlug | 'default';
  contract: 'sale' | 'rent';
  /** The key of the place phrase, and its values. */
  place:
    | 'town'
    | 'province'
    | 'region'
    | 'district'
    | 'place'
    | 'proximity'
    | 'circle'
    | 'draw'
    | 'agency'
    | 'bounds'
    | 'free'
    | 'unnamed';
  name: string;
  km?: number;
}

/** "Provincia di Torino" → "Torino": the phrase adds "in provincia di". */
function provinceName(name: string): string {
  return name.replace(/^provincia (di |dell'|della |del )?/i, '');
}

/**
 * The parts of the heading. The place is named by the search's answer (`area`), else by the search, else
 * by the page's address (`routeName`: a page whose search could not run still says where it is).
 */
export function headingParts(
  params: SearchParams,
  area: SearchArea | null | undefined,
  routeName?: string,
): HeadingParts {
  const base = {
    noun: params.Type ?? ('default' as const),
    contract: params.SellType === 2 ? ('rent' as const) : ('sale' as const),
  };
  const name = area?.Name ?? params.Place ?? routeName ?? '';
  switch (params.SearchType) {
    case 'town':
    case 'region':
    case 'district':
    case 'agency':
      return name ? { ...base, place: params.SearchType, name } : { ...base, place: 'unnamed', name: '' };
    case 'province':
      return name ? { ...base, place: 'province', name: provinceName(name) } : { ...base, place: 'unnamed', name: '' };
    case 'place':
    case 'proximity':
      return name
        ? { ...base, place: params.SearchType, name }
        : { ...base, place: 'circle', name: '', km: (params.Radius ?? 2000) / 1000 };
    case 'circle':
      return {
        ...base,
        place: 'circle',
        name: '',
        km: Math.round((area?.RadiusM ?? params.Radius ?? 2000) / 100) / 10,
      };
    case 'draw':
      return { ...base, place: 'draw', name: '' };
    default:
      return { ...base, place: params.Bounds ? 'bounds' : 'free', name: '' };
  }
}

/** The place a results page's address names, from its slug ("/vendita/case/mi/milano/015146" → "Milano"). */
export function routePlaceName(route: ResultsRoute): string | undefined {
  switch (route.kind) {
    case 'town':
      return nameFromSlug(route.name);
    case 'province':
      return nameFromSlug(route.prov);
    case 'district':
      return nameFromSlug(route.area);
    case 'seo': {
      // /trovacase/{vendita|affitto}[/{type}][/{place}[/{district}]]: the last segment that is no type.
      const last = route.path
        .split('/')
        .slice(3)
        .filter((segment) => !(TYPE_SLUGS as readonly string[]).includes(segment))
        .at(-1);
      return last ? nameFromSlug(last) : undefined;
    }
    default:
      return undefined;
  }
}

/** "monza-e-della-brianza" → "Monza e della Brianza": a province's name from its slug, for the breadcrumb. */
export function nameFromSlug(slug: string): string {
  const small = new Set(['e', 'di', 'del', 'della', 'dei', 'nell', 'sul']);
  return slug
    .split('-')
    .map((word, index) => (index > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
