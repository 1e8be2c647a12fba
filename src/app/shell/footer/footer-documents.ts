import { queryOptions } from '@tanstack/react-query';
import { apiClient, DOWNLOADS_STALE_MS, fetchDownloads, type ApiClient } from '@/shared/api';

/** Document kinds of the download list shown in the footer: 1 terms, 2 privacy. */
const FOOTER_DOCUMENT_KINDS = [1, 2];

/**
 * The footer's documents: the download list's terms and privacy, with what their links show. A query of its
 * own (not a `select` over the whole list): every server-rendered page carries its footer's data for the
 * browser to hydrate, and the whole list with its descriptions was 4.6 KB of each page for two links.
 */
export const footerDocumentsQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['download', 'list', 'footer'],
    queryFn: async ({ signal }) =>
      (await fetchDownloads(client, signal))
        .filter((item) => FOOTER_DOCUMENT_KINDS.includes(item.Kind))
        .map((item) => ({ Id: item.Id, Title: item.Title, Url: item.Url, ContentType: item.ContentType })),
    staleTime: DOWNLOADS_STALE_MS,
  });
