import { setHomeTypeCookie, type HomeType } from '@/shared/lib/home-type';

/** Stores the visitor's choice in `rexer_home_option` before the landing loads. */
export function rememberHomeType(homeType: HomeType): void {
  setHomeTypeCookie(homeType);
}
