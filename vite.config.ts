import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defineConfig } from 'vite';

/**
 * The code every page runs, bundled as one chunk: the libraries, and the small shared modules
 * (API client, cookies, home type, slugs). Left to itself the bundler cuts them into many small
 * shared chunks, each costing a request and its own compression.
 */
const FRAMEWORK_MODULES = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|openapi-fetch)[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store|react-query|query-core)[\\/]/,
  /[\\/]src[\\/]shared[\\/](api|config|lib[\\/](cookies|home-type|class-names))[\\/]/,
];

/**
 * Parts of those libraries only some pages use (the wizards' navigation blocker, lists that
 * grow page by page, parallel queries): they load with those pages, not on every first screen.
 */
const PAGE_ONLY_MODULES =
  /[\\/]node_modules[\\/]@tanstack[\\/](react-router[\\/].*[\\/]useBlocker|react-query[\\/].*[\\/](useQueries|useInfiniteQuery)|query-core[\\/].*[\\/](queriesObserver|infiniteQueryObserver))\.js$/;

/**
 * Small modules the forms are made of (each a few hundred bytes gzipped): left to the bundler, each is a chunk of its
 * own, since no two are imported by the same set of pages. The listing wizard's first step loads all of them; a
 * page with a form, most. Two chunks instead of eleven: the fields the valuation's first step takes too, and the rest.
 */
const FORM_FIELDS = /[\\/]src[\\/]shared[\\/]ui[\\/](field|text-field)[\\/]/;
const FORM_KIT = [
  /[\\/]src[\\/]shared[\\/]ui[\\/](checkbox|select|alert|step-form|link-button)[\\/]/,
  /[\\/]src[\\/]shared[\\/]i18n[\\/]trans\.tsx$/,
  /[\\/]src[\\/]features[\\/]wizard-step-views[\\/](lib[\\/]focus-invalid\.ts|ui[\\/]steps[\\/]steps\.module\.css)$/,
  /[\\/]domain[\\/]person-name\.ts$/,
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const shortNames = new Map<string, string>();

/**
 * A CSS module's class name in a build: `_` and six characters of the hash of its file and local name. Every
 * page's HTML carries its class names (~600 on a results page): the development names (`_card_1c68h_9`) made
 * ~16 KB of a results page, these ~5 KB. The client and the server builds compute the same names (the same
 * files, the same hash); a collision in one build stops it.
 */
function shortClassName(local: string, file: string): string {
  const source = `${relative(ROOT, file.split('?')[0]!).split(sep).join('/')}:${local}`;
  const name = `_${createHash('sha256').update(source).digest('base64url').slice(0, 6)}`;
  const taken = shortNames.get(name);
  if (taken !== undefined && taken !== source)
    throw new Error(`CSS module class names collide: ${taken} and ${source} are both ${name}`);
  shortNames.set(name, source);
  return name;
}

// The client build (dist/client: the browser's files and their manifest) and the server build
// (`vite build --ssr`, dist/server: the page renderer the API server loads). In development the
// API server runs Vite in middleware mode (server/plugins/pages.ts): one port, hot reload.
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      autoCodeSplitting: true,
      // Loaders travel apart from the route tree too: the entry holds only what matching a
      // URL needs, and a page's data code loads with that page.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@domain', replacement: fileURLToPath(new URL('./domain', import.meta.url)) },
      // The server build renders with React's "edge" server renderer: the Node one runs its
      // work inside an AsyncLocalStorage, which on Node 20 switches on promise hooks for the
      // whole process from the first page on and halves the API's throughput.
      ...(isSsrBuild ? [{ find: /^react-dom\/server$/, replacement: 'react-dom/server.edge' }] : []),
    ],
  },
  // Readable class names while developing and testing, short ones in a build.
  css: command === 'build' ? { modules: { generateScopedName: shortClassName } } : {},
  // The router is bundled into the server build so that its import of react-dom/server takes
  // the alias above (one copy of every @tanstack package, or their React contexts would differ).
  ssr: { noExternal: [/^@tanstack\//] },
  build: isSsrBuild
    ? { outDir: 'dist/server', sourcemap: false, emptyOutDir: true }
    : {
        outDir: 'dist/client',
        sourcemap: false,
        manifest: true,
        emptyOutDir: true,
        // Every browser the app supports knows modulepreload: no polyfill on the first screen.
        modulePreload: { polyfill: false },
        // One stylesheet for every page (13 KB gzipped): the server links it in the head of
        // whichever page it renders, so no page paints unstyled or shifts when a route's
        // styles arrive (docs/decisions.md).
        cssCodeSplit: false,
        rolldownOptions: {
          input: 'src/app/entry-client.tsx',
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: (id: string) =>
                    !PAGE_ONLY_MODULES.test(id) && FRAMEWORK_MODULES.some((pattern) => pattern.test(id)),
                },
                // Every other module the entry imports statically (route params and search validation, the
                // domain's search rules ...): every page runs them, so they join the entry's chunk instead of
                // a dozen chunks of a few hundred bytes each. Nothing a page loads lazily is taken.
                { name: 'app', tags: ['$initial'] },
                { name: 'form-fields', test: FORM_FIELDS },
                { name: 'form-kit', test: (id: string) => FORM_KIT.some((pattern) => pattern.test(id)) },
              ],
            },
          },
        },
      },
}));
