export interface CookieOptions {
  /** Lifetime in seconds; omitted gives a session cookie, 0 deletes it. */
  maxAge?: number;
  path?: string;
  /** Defaults to true on https pages (a Secure cookie is not stored on plain http). */
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
}

/**
 * Where cookies are read and written: the browser's `document`, or on the server a request's
 * cookies (`requestCookies`), whose writes become the answer's Set-Cookie headers.
 */
export interface CookieDocument {
  cookie: string;
  location?: { protocol: string };
}

function defaultDocument(): CookieDocument | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/** The cookies of a request being rendered on the server: reads its Cookie header, collects writes. */
export function requestCookies(
  cookieHeader: string | undefined,
  { secure }: { secure: boolean },
): CookieDocument & { readonly written: string[] } {
  let current = cookieHeader ?? '';
  const written: string[] = [];
  return {
    written,
    location: { protocol: secure ? 'https:' : 'http:' },
    get cookie() {
      return current;
    },
    set cookie(assignment: string) {
      written.push(assignment);
      // Later reads in the same render see the new value, as in a browser.
      const [pair] = assignment.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const others = current ? current.split('; ').filter((part) => !part.startsWith(`${name}=`)) : [];
      current = [...others, pair].join('; ');
    },
  };
}

/** The decoded value of a cookie, or undefined. */
export function getCookie(name: string, doc: CookieDocument | undefined = defaultDocument()): string | undefined {
  if (!doc) return undefined;
  for (const part of doc.cookie ? doc.cookie.split('; ') : []) {
    const separator = part.indexOf('=');
    const key = separator === -1 ? part : part.slice(0, separator);
    if (key !== name) continue;
    const raw = separator === -1 ? '' : part.slice(separator + 1);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The `document.cookie` assignment for a cookie; pure so the attributes can be tested. */
export function serializeCookie(name: string, value: string, options: CookieOptions & { secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(options.maxAge))}`);
  parts.push(`samesite=${options.sameSite ?? 'lax'}`);
  if (options.secure) parts.push('secure');
  return parts.join('; ');
}

export function setCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  doc: CookieDocument | undefined = defaultDocument(),
): void {
  if (!doc) return;
  const secure = options.secure ?? doc.location?.protocol === 'https:';
  doc.cookie = serializeCookie(name, value, { ...options, secure });
}

export function deleteCookie(
  name: string,
  options: Pick<CookieOptions, 'path'> = {},
  doc: CookieDocument | undefined = defaultDocument(),
): void {
  setCookie(name, '', { ...options, maxAge: 0 }, doc);
}
