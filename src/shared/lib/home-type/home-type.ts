import { getCookie, setCookie, type CookieDocument } from '@/shared/lib/cookies';

/** The visitor's home mode; the numbers are the product's (docs/spec.md §1). */
export const HOME_TYPE = {
  UNDEFINED: 0,
  SELLER: 1,
  BUYER: 2,
  LANDLORD: 3,
  RENTER: 4,
} as const;

export type HomeType = (typeof HOME_TYPE)[keyof typeof HOME_TYPE];
export type HomeTypeName = keyof typeof HOME_TYPE;

export const HOME_TYPES: readonly HomeType[] = [
  HOME_TYPE.UNDEFINED,
  HOME_TYPE.SELLER,
  HOME_TYPE.BUYER,
  HOME_TYPE.LANDLORD,
  HOME_TYPE.RENTER,
];
export const ALL_HOME_TYPES = HOME_TYPES;

export function isHomeType(value: unknown): value is HomeType {
  return typeof value === 'number' && (HOME_TYPES as readonly number[]).includes(value);
}

/** The type a cookie value stands for, or undefined when it is missing or not a type. */
export function parseHomeType(value: string | null | undefined): HomeType | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return isHomeType(parsed) ? parsed : undefined;
}

export function homeTypeName(type: HomeType): HomeTypeName {
  return (Object.keys(HOME_TYPE) as HomeTypeName[]).find((name) => HOME_TYPE[name] === type)!;
}

/**
 * The four modes a visitor chooses from, in the spec's order, with their home pages: the
 * one list the chooser, the menus and the footer's «Cambia» use. `id` names the mode in
 * translations (`menu.buy`, the chooser's `buy` ...).
 */
export const HOME_MODES = [
  { id: 'sell', type: HOME_TYPE.SELLER, path: '/vendocasa' },
  { id: 'buy', type: HOME_TYPE.BUYER, path: '/comprocasa' },
  { id: 'let', type: HOME_TYPE.LANDLORD, path: '/affittocasa' },
  { id: 'rent', type: HOME_TYPE.RENTER, path: '/trovocasa' },
] as const;
export type HomeMode = (typeof HOME_MODES)[number];

export const HOME_TYPE_COOKIE = 'rexer_home_option';
/** A year: the choice is a preference, not a session. */
export const HOME_TYPE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function getHomeTypeCookie(doc?: CookieDocument): HomeType | undefined {
  return parseHomeType(getCookie(HOME_TYPE_COOKIE, doc));
}

export function setHomeTypeCookie(type: HomeType, doc?: CookieDocument): void {
  setCookie(HOME_TYPE_COOKIE, String(type), { maxAge: HOME_TYPE_COOKIE_MAX_AGE }, doc);
}

export interface ResolveHomeTypeInput {
  /** The type in the cookie; undefined when there is none (read as UNDEFINED). */
  current: HomeType | undefined;
  /** The types the page accepts; empty means any. */
  accepted: readonly HomeType[];
  /** The page's default type, used when the current one is not accepted. */
  defaultType?: HomeType;
  /** The host the app is served on (`location.hostname`, a port is ignored). */
  host?: string;
  /** Partner hosts keep the visitor's type whatever the page accepts. */
  partnerHosts?: readonly string[];
}

function hostname(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/:].*$/, '');
}

/** True when `host` is one of the partner hosts or a subdomain of one. */
export function isPartnerHost(host: string | undefined, partnerHosts: readonly string[] | undefined): boolean {
  if (!host || !partnerHosts?.length) return false;
  const name = hostname(host);
  return partnerHosts.some((partner) => {
    const candidate = hostname(partner);
    return candidate !== '' && (name === candidate || name.endsWith(`.${candidate}`));
  });
}

/**
 * The home type a page is shown in (docs/spec.md §2, app shell): the current type when the
 * page accepts it; otherwise the page's default, or else its first accepted type. Partner
 * hosts skip the switching.
 */
export function resolveHomeType({
  current,
  accepted,
  defaultType,
  host,
  partnerHosts,
}: ResolveHomeTypeInput): HomeType {
  const type = current ?? HOME_TYPE.UNDEFINED;
  if (isPartnerHost(host, partnerHosts)) return type;
  if (accepted.length === 0 || accepted.includes(type)) return type;
  return defaultType ?? accepted[0];
}
