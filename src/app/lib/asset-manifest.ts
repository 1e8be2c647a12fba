import { rootRouteId } from '@tanstack/react-router';
import type { createRequestHandler } from '@tanstack/react-router/ssr/server';
import type { PageAssets } from '@domain/page-rendering';

type ServerManifest = Awaited<ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>>;

/**
 * The router's manifest of the page's assets: the client build's entry, the modules it
 * imports and its stylesheets belong to the root route, so every page links them in its head
 * (stylesheets, modulepreloads) and runs the entry at the end of its body.
 */
export function assetManifest(assets: PageAssets): ServerManifest {
  return {
    routes: {
      [rootRouteId]: {
        preloads: assets.preloads,
        css: assets.stylesheets,
        scripts: [
          ...(assets.inlineModules ?? []).map((children) => ({ attrs: { type: 'module' }, children })),
          { attrs: { type: 'module', src: assets.entry } },
        ],
      },
    },
  };
}
