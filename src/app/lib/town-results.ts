import { notFound } from '@tanstack/react-router';
import { validateResultsSearch, type ResultsRoute } from '@/pages/search-results';
import type { TypeSlug } from '@/shared/config';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS, type RexerStaticData } from '../config/route-static-data';
import { resultsHeaders } from './results-headers';
import { paramsShape, provinceSlugSchema, requireParams, segmentSchema, typeSlugSchema } from './route-params';

/**
 * What the two results routes of a municipality share: sale (/vendita/{type}/{province}/{town}/{ISTAT code})
 * and rent (/affitto/...), which differ only in their sell type and home type. Each route file still declares
 * itself with createFileRoute and writes its loader and component inline, so that the router's code
 * splitting moves them (and the search calls they import) out of the route tree: they call `townRoute`
 * and `TownResultsPage` (town-results-page.tsx).
 */

/** 1 sale, 2 rent: the search's sell type. */
export type TownSellType = 1 | 2;

export interface TownPath {
  type: TypeSlug;
  prov: string;
  name: string;
  id: string;
}

const paramsSchema = paramsShape({
  type: typeSlugSchema,
  prov: provinceSlugSchema,
  name: segmentSchema,
  id: segmentSchema,
});

const STATIC_DATA = {
  1: { homeTypes: ACCEPTS.buyer, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  2: { homeTypes: ACCEPTS.renter, defaultHomeType: HOME_TYPE.RENTER, footerSeo: 'expanded' },
} as const satisfies Record<TownSellType, RexerStaticData>;

/** The options a municipality's results route spreads into its createFileRoute, apart from its loader and component. */
export function townResultsOptions(sellType: TownSellType) {
  return {
    staticData: STATIC_DATA[sellType],
    params: {
      parse: (raw: Record<string, string>): TownPath => {
        const params = requireParams(paramsSchema, raw);
        if (!/^\d{6}$/.test(params.id)) throw notFound();
        return params;
      },
    },
    validateSearch: validateResultsSearch,
    loaderDeps: ({ search }: { search: ReturnType<typeof validateResultsSearch> }) => ({ search }),
    headers: resultsHeaders,
  };
}

/** The results route of a municipality's path. */
export function townRoute(sellType: TownSellType, params: TownPath): ResultsRoute {
  return { kind: 'town', sellType, type: params.type, prov: params.prov, name: params.name, istat: params.id };
}
