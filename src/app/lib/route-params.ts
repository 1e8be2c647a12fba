import { notFound } from '@tanstack/react-router';
import { TYPE_SLUGS } from '@/shared/config';
import { sameSitePath } from '@/shared/lib/site-url';

// Path params are checked with plain type guards rather than a schema library: every
// route declares its params in the main bundle, and a validation library there would cost
// the first screen of every page more than these few checks (docs/decisions.md).

/** Whether one path param has the expected form; narrows it to its type. */
export type ParamCheck<T extends string = string> = (value: unknown) => value is T;

/** A param that must be one of the given values. */
export function oneOf<const T extends readonly string[]>(values: T): ParamCheck<T[number]> {
  return (value): value is T[number] => typeof value === 'string' && values.includes(value);
}

function matching(pattern: RegExp): ParamCheck {
  return (value): value is string => typeof value === 'string' && pattern.test(value);
}

/** A property-type slug of the search URLs ("appartamenti", "bilocali" ...). */
export const typeSlugSchema = oneOf(TYPE_SLUGS);

/** A number in a path (a step, an area's code with its leading zeros: "/case/milano/015146"). */
export const numericIdSchema = matching(/^\d{1,12}$/);

/**
 * The id of a stored record in a path ("/immobile/123"): 1 to 2^31 − 1, written without leading zeros. Any
 * other is the not-found page (the API refuses it with 400, and "/immobile/00123" would be a second
 * address of one listing).
 */
export const recordIdSchema: ParamCheck = (value): value is string =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

/** The slug or code of a province in a path ("monza-e-della-brianza", "MI"), as the API takes it. */
export const provinceSlugSchema = matching(/^[A-Za-z0-9-]{2,64}$/);

/** A path segment of free text (a token, a name). */
export const segmentSchema = matching(/^[^]{1,200}$/);

export type ParamsShape = Record<string, ParamCheck>;
export type ParamsOf<S extends ParamsShape> = { [K in keyof S]: S[K] extends ParamCheck<infer T> ? T : never };

/** Names a route's params and their checks. */
export function paramsShape<const S extends ParamsShape>(shape: S): S {
  return shape;
}

/** The params when every check passes, else null. */
export function checkParams<S extends ParamsShape>(shape: S, params: unknown): ParamsOf<S> | null {
  if (typeof params !== 'object' || params === null) return null;
  const values = params as Record<string, unknown>;
  const result: Record<string, string> = {};
  for (const [name, check] of Object.entries(shape)) {
    const value = values[name];
    if (!check(value)) return null;
    result[name] = value;
  }
  return result as ParamsOf<S>;
}

/**
 * Checks path params when the route matches: a URL that does not fit is a page that does
 * not exist, so it gets the 404 page rather than the error page.
 */
export function requireParams<S extends ParamsShape>(shape: S, params: unknown): ParamsOf<S> {
  const result = checkParams(shape, params);
  if (!result) throw notFound();
  return result;
}

/** The search of the home page: `login=1&redirect=...` asks for the login modal. */
export interface LoginSearch {
  login?: number;
  redirect?: string;
  /** A social login that did not succeed came back here. */
  socialError?: 1;
}

/** Keeps `login` when it is a whole number and `redirect` when it is a short string; drops the rest. */
export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const login = typeof search.login === 'string' ? Number(search.login) : search.login;
  const redirect = search.redirect;
  return {
    login: typeof login === 'number' && Number.isInteger(login) ? login : undefined,
    redirect: typeof redirect === 'string' && redirect.length <= 2048 ? redirect : undefined,
    socialError: search.socialError === 1 || search.socialError === '1' ? 1 : undefined,
  };
}

/** The search of the account pages: where to go after, and the tokens of their links. */
export interface AccountSearch {
  redirect?: string;
  registered?: 1;
  token?: string;
  analyticsToken?: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,512}$/;

/** Keeps a same-site `redirect`, `registered=1` and well-formed tokens; drops the rest. */
export function parseAccountSearch(search: Record<string, unknown>): AccountSearch {
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  const redirect = text(search.redirect);
  const token = text(search.token);
  const analyticsToken = text(search.analyticsToken);
  return {
    redirect: redirect && redirect.length <= 2048 ? (sameSitePath(redirect) ?? undefined) : undefined,
    registered: text(search.registered) === '1' ? 1 : undefined,
    token: token && TOKEN_PATTERN.test(token) ? token : undefined,
    analyticsToken: analyticsToken && TOKEN_PATTERN.test(analyticsToken) ? analyticsToken : undefined,
  };
}
