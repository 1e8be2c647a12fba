import { resolveHomeType, type HomeType } from '@/shared/lib/home-type';
import type { RexerStaticData } from '../config/route-static-data';

/** The static data of the page being shown: the deepest match's. */
export function pageStaticData(matches: readonly { staticData?: RexerStaticData }[]): RexerStaticData {
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index].staticData;
    if (data?.homeTypes) return data;
  }
  return matches.at(-1)?.staticData ?? {};
}

export interface HomeTypeSwitchInput {
  staticData: RexerStaticData;
  /** The type in the `rexer_home_option` cookie, if any. */
  cookieType: HomeType | undefined;
  host?: string;
  partnerHosts?: readonly string[];
}

export interface HomeTypeSwitch {
  homeType: HomeType;
  /** True when the cookie must be written: the type changed, or there was no cookie. */
  writeCookie: boolean;
}

/** The root's rule before every page: the page's accepted types decide the visitor's type. */
export function switchHomeType({ staticData, cookieType, host, partnerHosts }: HomeTypeSwitchInput): HomeTypeSwitch {
  const homeType = resolveHomeType({
    current: cookieType,
    accepted: staticData.homeTypes ?? [],
    defaultType: staticData.defaultHomeType,
    host,
    partnerHosts,
  });
  return { homeType, writeCookie: homeType !== cookieType };
}
