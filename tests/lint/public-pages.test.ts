import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_PATHS,
  CRAWLER_ALLOWED_PATHS,
  CRAWLER_DISALLOWED_PATHS,
  DEFAULT_TYPE_SLUG,
  MUNICIPALITY_LIST_LANDINGS,
  municipalityListPath,
  publicContentPaths,
  TYPE_SLUGS,
} from '@domain/public-pages';
import { TYPE_SLUGS as SPA_TYPE_SLUGS } from '../../src/shared/config/search-slugs';

// domain/public-pages.ts lists the public content pages for the sitemap; it must not drift
// from the SPA's route table. The route table is the file tree of src/app/routes (TanStack
// Router's file-based routing), read here from the file names.

const ROUTES_DIR = path.resolve('src/app/routes');

interface RouteFile {
  file: string;
  segments: string[];
  /** Its `$type` param accepts only the type slugs (the route checks it with `typeSlugSchema`). */
  typeSlugParam: boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * The path of a route file: folders and `.` in a file name separate segments, `index` and
 * `route` name the folder's own path, `_layout` segments add no path (pathless layouts, and
 * a file that is one only renders its children), `[x]` escapes x, files and folders starting
 * with `-` are not routes, `__root` is the root layout.
 */
function routeFiles(): RouteFile[] {
  const routes: RouteFile[] = [];
  for (const full of listFiles(ROUTES_DIR)) {
    const relative = path.relative(ROUTES_DIR, full).split(path.sep).join('/');
    if (
      !/\.(tsx?|jsx?)$/.test(relative) ||
      /\.(test|spec)\./.test(relative) ||
      relative.split('/').some((part) => part.startsWith('-'))
    )
      continue;
    const raw = relative
      .replace(/\.(tsx?|jsx?)$/, '')
      .split('/')
      .flatMap((part) => part.split(/\.(?![^[]*\])/));
    if (raw[0] === '__root') continue;
    const last = raw[raw.length - 1];
    if (last.startsWith('_')) continue;
    const segments = raw
      .filter((segment, i) => !(i === raw.length - 1 && (segment === 'index' || segment === 'route')))
      .filter((segment) => !segment.startsWith('_'))
      .map((segment) => segment.replace(/_$/, '').replace(/\[([^\]]*)\]/g, '$1'));
    const typeSlugParam = segments.includes('$type') && /type:\s*typeSlugSchema/.test(readFileSync(full, 'utf8'));
    routes.push({ file: relative, segments, typeSlugParam });
  }
  return routes;
}

/**
 * Whether a concrete path matches a route's segments: a static segment matches itself, `$`
 * (splat) the rest, `$type` only a type slug where the route checks it with `typeSlugSchema`
 * (a property-type slug; another slug is the 404 page), and any other `$param` any one segment.
 */
function matches(route: RouteFile, pathname: string): boolean {
  const parts = pathname === '/' ? [] : pathname.slice(1).split('/').map(decodeURIComponent);
  for (let i = 0; i < route.segments.length; i += 1) {
    const segment = route.segments[i];
    if (segment === '$') return true;
    const part = parts[i];
    if (part === undefined) return false;
    if (segment === '$type' && route.typeSlugParam) {
      if (!(TYPE_SLUGS as readonly string[]).includes(part)) return false;
    } else if (!segment.startsWith('$') && segment !== part) {
      return false;
    }
  }
  return parts.length === route.segments.length;
}

/** Rank of a match as the router prefers it: static segments before params, params before a splat. */
function specificity(route: RouteFile): number[] {
  return route.segments.map((segment) => (segment === '$' ? 0 : segment.startsWith('$') ? 1 : 2));
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (b[i] ?? -1) - (a[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The route the SPA renders for a path, or undefined. */
function routeOf(routes: RouteFile[], pathname: string): RouteFile | undefined {
  return routes
    .filter((route) => matches(route, pathname))
    .sort((a, b) => compareRank(specificity(a), specificity(b)))[0];
}

describe('public content pages (domain/public-pages.ts)', () => {
  const routes = routeFiles();

  it('reads the route table from the file names', () => {
    expect(routes.length).toBeGreaterThan(50);
    const byFile = Object.fromEntries(routes.map((r) => [r.file, '/' + r.segments.join('/')]));
    expect(byFile['index.tsx']).toBe('/');
    expect(byFile['$type.$prov.tsx']).toBe('/$type/$prov');
    expect(byFile['comprocasa/$type/$provincia/comuni.tsx']).toBe('/comprocasa/$type/$provincia/comuni');
    expect(byFile['_authenticated/myrexer/profilo.tsx']).toBe('/myrexer/profilo');
    expect(byFile['faq/index.tsx']).toBe('/faq');
    expect(byFile['_authenticated.tsx']).toBeUndefined();
  });

  it('has a route file for every path of the sitemap: the fixed pages, the type pages and the municipality lists', () => {
    const paths = [
      ...publicContentPaths(),
      ...MUNICIPALITY_LIST_LANDINGS.map((landing) =>
        municipalityListPath(landing, DEFAULT_TYPE_SLUG, 'monza-e-della-brianza'),
      ),
    ];
    expect(paths).toEqual(expect.arrayContaining([...CONTENT_PATHS]));
    const missing = paths.filter((pathname) => !routeOf(routes, pathname));
    expect(missing).toEqual([]);
    // Each lands on a route of its own section, never on the generic results routes at the root.
    for (const pathname of paths) {
      const route = routeOf(routes, pathname)!;
      if (pathname !== '/') expect(route.segments[0].startsWith('$'), `${pathname} → ${route.file}`).toBe(false);
    }
  });

  it('would notice a page that does not exist', () => {
    for (const pathname of ['/chisiamo/altro', '/faq/nonesiste', '/comprocasa/villette', '/pagina-inventata']) {
      const route = routeOf(routes, pathname);
      expect(route === undefined || route.segments[0].startsWith('$'), pathname).toBe(true);
    }
  });

  it('knows which $type params accept only the type slugs', () => {
    const byFile = Object.fromEntries(routes.map((r) => [r.file, r.typeSlugParam]));
    expect(byFile['$type.$prov.tsx']).toBe(true);
    expect(byFile['comprocasa/$type/index.tsx']).toBe(true);
    expect(byFile['vendocasa/$type.tsx']).toBe(true);
    expect(byFile['_authenticated/myrexer/annunci/$type.tsx']).toBe(false);
  });

  it('keeps the type slugs the same as the SPA', () => {
    expect([...TYPE_SLUGS]).toEqual([...SPA_TYPE_SLUGS]);
  });

  it('disallows only paths that are not content pages', () => {
    const disallowed = (pathname: string) =>
      CRAWLER_DISALLOWED_PATHS.some((p) => pathname.startsWith(p)) &&
      !CRAWLER_ALLOWED_PATHS.some((p) => pathname.startsWith(p));
    expect(publicContentPaths().filter(disallowed)).toEqual([]);
  });
});
