import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import {
  PAGE_BOOT_ELEMENT_ID,
  PAGE_STATUS_HEADER,
  PAGE_STATUSES,
  UNAVAILABLE_RETRY_AFTER_S,
  type PageBoot,
  type PageRenderer,
  type PageRendererSetup,
} from '@domain/page-rendering';
import { createSessionViewStore, readStoredSession } from '@/entities/session';
import { ApiError, setServerFetch } from '@/shared/api';
import { createServerI18n, usedNamespaces } from '@/shared/i18n';
import { requestCookies } from '@/shared/lib/cookies';
import { createQueryClient } from './model/query-client';
import { createAppRouter } from './router';
import { assetManifest } from './lib/asset-manifest';

/**
 * The server side of every page (docs/architecture.md "Rendering"): the router loads the page's
 * data with the visitor's cookies, React streams the document, and the page carries what the
 * browser needs to hydrate it without asking again: the query cache (the router's
 * dehydration), and the translations it used with the site origin (a JSON element).
 */
export function createPageRenderer(setup: PageRendererSetup): PageRenderer {
  setServerFetch(setup.apiFetch);
  const manifest = assetManifest(setup.assets);
  return async ({ request, nonce }) => {
    const url = new URL(request.url);
    const cookies = requestCookies(request.headers.get('cookie') ?? undefined, { secure: setup.secureCookies });
    const i18n = createServerI18n(setup.translations);
    const sessionStore = createSessionViewStore(() => readStoredSession(cookies));
    const queryClient = createQueryClient({ rendering: true });
    const router = createAppRouter({
      queryClient,
      i18n,
      sessionStore,
      cookies,
      host: url.hostname,
      siteOrigin: setup.siteOrigin,
      nonce,
    });
    const handler = createRequestHandler({ request, createRouter: () => router, getRouterManifest: () => manifest });
    const response = await handler(({ request, router, responseHeaders }) =>
      renderRouterToStream({ request, router, responseHeaders, children: <RouterServer router={router} /> }),
    );
    for (const cookie of cookies.written) response.headers.append('set-cookie', cookie);
    const status = statusOf(response, router);
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
    const boot = (): PageBoot => ({
      siteOrigin: setup.siteOrigin,
      translations: pick(setup.translations, usedNamespaces(i18n)),
    });
    return new Response(response.body.pipeThrough(beforeBodyEnd(() => bootElement(boot()))), {
      status,
      headers: response.headers,
    });
  };
}

/**
 * The page's status: a rendered page (200) may ask for another one (PAGE_STATUS_HEADER); the header
 * stays here. A page whose data could not be loaded because the API was unavailable (503: the
 * database away) is unavailable too, not broken: 503 with when to try again.
 */
function statusOf(response: Response, router: ReturnType<typeof createAppRouter>): number {
  const asked = Number(response.headers.get(PAGE_STATUS_HEADER));
  response.headers.delete(PAGE_STATUS_HEADER);
  if (
    response.status === 500 &&
    router.state.matches.some(({ error }) => error instanceof ApiError && error.status === 503)
  ) {
    response.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    return 503;
  }
  return response.status === 200 && (PAGE_STATUSES as readonly number[]).includes(asked) ? asked : response.status;
}

function pick(translations: PageRendererSetup['translations'], namespaces: string[]) {
  return Object.fromEntries(namespaces.filter((ns) => ns in translations).map((ns) => [ns, translations[ns]]));
}

/** A JSON element: data, never run, so the CSP needs no allowance for it. */
function bootElement(boot: PageBoot): string {
  // `<` escaped: no text of a translation can close the element.
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_BOOT_ELEMENT_ID}">${json}</script>`;
}

const BODY_END = '</body>';

/**
 * Inserts `html()` before the document's `</body>`, computed when the stream reaches it: by
 * then every part of the page has rendered, so it knows every namespace the page used.
 */
function beforeBodyEnd(html: () => string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = '';
  let inserted = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (inserted) return controller.enqueue(chunk);
      const text = held + decoder.decode(chunk, { stream: true });
      const at = text.indexOf(BODY_END);
      if (at >= 0) {
        inserted = true;
        held = '';
        controller.enqueue(encoder.encode(text.slice(0, at) + html() + text.slice(at)));
        return;
      }
      // Keep the last few characters: the tag may be split across two chunks.
      const keep = Math.min(text.length, BODY_END.length - 1);
      held = text.slice(text.length - keep);
      controller.enqueue(encoder.encode(text.slice(0, text.length - keep)));
    },
    flush(controller) {
      const rest = held + decoder.decode();
      controller.enqueue(encoder.encode(inserted ? rest : rest + html()));
    },
  });
}
