import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import type { Mock } from 'vitest';
import { I18nProvider, createStaticI18n, type I18n } from '@/shared/i18n';

// The one way a page test renders its page: inside a router (at a path, so links and
// active tabs behave), with the page's Italian translations, a fresh query client, and the
// API answered by `fakeApi` through the test's fetch mock.

export type FetchMock = Mock<typeof fetch>;

/**
 * A translator with the given namespaces (their JSON files), ready; it loads nothing, so a
 * namespace not given renders its keys.
 */
export async function testI18n(
  namespaces: Record<string, object>,
  defaultNS = Object.keys(namespaces)[0],
): Promise<I18n> {
  return createStaticI18n(namespaces as Record<string, Record<string, unknown>>, defaultNS);
}

export interface RenderPageOptions {
  i18n: I18n;
  /** The location the page is shown at (default '/'). */
  path?: string;
  /** Other paths showing the same page (so links between a page's variants resolve). */
  otherPaths?: string[];
  /** Other routes of the test router, each with what it shows (where the page's links lead). */
  otherRoutes?: Record<string, () => ReactNode>;
  /** A query client holding what the page starts with (a page hydrated from the server's cache); default a fresh one. */
  queryClient?: QueryClient;
}

/** The query client of a page test: nothing retried. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `page` at `path`; answers the router and the query client. */
export async function renderPage(
  page: () => ReactNode,
  { i18n, path = '/', otherPaths = [], otherRoutes = {}, queryClient = testQueryClient() }: RenderPageOptions,
): Promise<{ router: AnyRouter; queryClient: QueryClient }> {
  // jsdom does not scroll; the router scrolls to the top on navigation.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  const root = createRootRoute({ component: () => <Outlet /> });
  const component = () => <Suspense fallback={<p>…</p>}>{page()}</Suspense>;
  const paths = [...new Set([path.split('?')[0], ...otherPaths])];
  const router = createRouter({
    routeTree: root.addChildren([
      ...paths.map((routePath) => createRoute({ getParentRoute: () => root, path: routePath, component })),
      ...Object.entries(otherRoutes).map(([routePath, show]) =>
        createRoute({ getParentRoute: () => root, path: routePath, component: () => <>{show()}</> }),
      ),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await act(() => router.load());
  return { router, queryClient };
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer: a status and a JSON body, or a whole Response. */
export type FakeAnswer = [number, unknown] | Response;

/**
 * Answers the API through the test's fetch mock: `answers['GET /api/Home/Cities']` gives the
 * answer of that call (a function of the call, or a value); anything else gets `otherwise`
 * (default a 404 with the error body). Records every call.
 */
export function fakeApi(
  fetchMock: FetchMock,
  answers: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>,
  {
    otherwise = [404, { ExceptionType: 404, ExceptionTypeString: 'NotFound' }],
  }: { otherwise?: [number, unknown] } = {},
) {
  const calls: FakeCall[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const text = await request.clone().text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const call = { method: request.method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const answer = answers[`${request.method} ${url.pathname}`];
    const result = typeof answer === 'function' ? answer(call) : answer;
    if (result instanceof Response) return result;
    const [status, json] = result ?? otherwise;
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, sent: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}
