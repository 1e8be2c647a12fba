import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiClient } from './client';

// Query keys start with the API area, so related data can be invalidated together. Keys
// that page slices also build (downloads, cities) are the same here, so the cache is shared.

const MINUTE = 60_000;

export const configQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['config'],
    queryFn: async ({ signal }) => unwrap('GET /api/config', await client.GET('/api/config', { signal })),
    staleTime: Infinity,
  });

export type AppConfig = Awaited<ReturnType<NonNullable<ReturnType<typeof configQueryOptions>['queryFn']>>>;

export const citiesQueryOptions = (params: { sellType?: 1 | 2; limit?: number } = {}, client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['home', 'cities', params.sellType ?? null, params.limit ?? null],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Home/Cities',
        await client.GET('/api/Home/Cities', {
          params: { query: { SellType: params.sellType, Limit: params.limit } },
          signal,
        }),
      ),
    staleTime: 5 * MINUTE,
  });

/**
 * A query's meta saying that the server renders with its data but does not send that data in the
 * page's hydration state (shouldDehydrate): what reads it must suspend until the browser has it.
 */
export const NOT_DEHYDRATED = { dehydrate: false } as const;

/** Whether the server sends a query's data with the page (all but those marked NOT_DEHYDRATED). */
export function shouldDehydrate(query: { meta?: Record<string, unknown> }): boolean {
  return query.meta?.dehydrate !== false;
}

export const footerLinksQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['seo', 'footer-links'],
    queryFn: async ({ signal }) =>
      unwrap('GET /api/Seo/FooterLinks', await client.GET('/api/Seo/FooterLinks', { signal })),
    staleTime: 30 * MINUTE,
    // Rendered into every page's HTML, but not sent again in its hydration data (8 KB at a
    // million listings): the footer hydrates when the reader comes near it and fetches them then.
    meta: NOT_DEHYDRATED,
  });

export type FooterLinks = Awaited<ReturnType<NonNullable<ReturnType<typeof footerLinksQueryOptions>['queryFn']>>>;

/** The download list (documents and guides), as GET /api/Download/List answers it. */
export const fetchDownloads = async (client: ApiClient, signal?: AbortSignal) =>
  unwrap('GET /api/Download/List', await client.GET('/api/Download/List', { signal }));

export const DOWNLOADS_STALE_MS = 10 * MINUTE;

export const downloadsQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['download', 'list'],
    queryFn: ({ signal }) => fetchDownloads(client, signal),
    staleTime: DOWNLOADS_STALE_MS,
  });

export type DownloadList = Awaited<ReturnType<NonNullable<ReturnType<typeof downloadsQueryOptions>['queryFn']>>>;

export const agenciesQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['agency', 'list', null],
    queryFn: async ({ signal }) => unwrap('GET /api/Agency/List', await client.GET('/api/Agency/List', { signal })),
    staleTime: 5 * MINUTE,
  });

/** The URL of a document of the download list (a same-origin link the browser downloads). */
export function downloadUrl(id: number | string): string {
  return `/api/Download/Get/${encodeURIComponent(String(id))}`;
}
