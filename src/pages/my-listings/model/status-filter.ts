import type { ListedStatus } from '../api/my-listings-api';

/**
 * `/myrexer/annunci/{type}`: one status of the list. The slugs are the page's Italian words
 * (docs/listings.md); `/myrexer/annunci` shows every status but deleted.
 */
export const STATUS_FILTERS = { bozze: 1, pubblicati: 2, sospesi: 3, venduti: 4 } as const satisfies Record<
  string,
  ListedStatus
>;
export type StatusFilterSlug = keyof typeof STATUS_FILTERS;
export const STATUS_FILTER_SLUGS = Object.keys(STATUS_FILTERS) as StatusFilterSlug[];

/** The tabs in reading order: all, then the statuses as a listing lives them. */
export const FILTER_TABS: readonly (StatusFilterSlug | 'all')[] = ['all', 'pubblicati', 'bozze', 'sospesi', 'venduti'];

export function isStatusFilterSlug(value: unknown): value is StatusFilterSlug {
  return typeof value === 'string' && Object.hasOwn(STATUS_FILTERS, value);
}
