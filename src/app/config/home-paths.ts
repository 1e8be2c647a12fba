import { HOME_TYPE, type HomeType } from '@/shared/lib/home-type';

/** The home of each mode: where the logo leads. */
export const HOME_PATH_BY_TYPE = {
  [HOME_TYPE.UNDEFINED]: '/',
  [HOME_TYPE.SELLER]: '/vendocasa',
  [HOME_TYPE.BUYER]: '/comprocasa',
  [HOME_TYPE.LANDLORD]: '/affittocasa',
  [HOME_TYPE.RENTER]: '/trovocasa',
} as const satisfies Record<HomeType, string>;

export type HomePath = (typeof HOME_PATH_BY_TYPE)[HomeType];

export function homePathOf(type: HomeType): HomePath {
  return HOME_PATH_BY_TYPE[type];
}
