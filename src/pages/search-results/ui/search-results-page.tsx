import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SearchParams } from '@domain/search';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ListingCard, ListingCardSkeleton } from '@/entities/listing';
import { SaveSearchButton } from '@/features/save-search';
import { LazySearchPlaceBox } from '@/features/search-place';
import { FavoriteToggle } from '@/features/toggle-favorite';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { useSiteOrigin } from '@/shared/lib/site-url';
import { Button } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';
import { searchResultsQueryOptions, type SearchRefusal, type SearchResult } from '../api/search-api';
import { countActiveFilters, withoutFilters } from '../model/filters';
import { headingParts, nameFromSlug, routePlaceName } from '../model/heading';
import { firstPageHref, isIndexable, resultsHref, type ResultsRoute } from '../model/results-route';
import { EmptyResults } from './empty-results';
import { ResultsJsonLd, type BreadcrumbItem } from './results-json-ld';
import { ResultsMap } from './results-map';
import { SortSelect } from './sort-select';
import styles from './search-results-page.module.css';
import { HrefLink } from '@/shared/ui/href-link';

export interface SearchResultsPageProps {
  /** The address the page was reached at: where a changed search goes back to. */
  route: ResultsRoute;
  params: SearchParams;
  /** The province slug of the searched town or district, when the route knows it. */
  province?: string;
  /**
   * The route's loader could not search (its status: 429 over the visitor's limit, 503 too slow):
   * the page says so, on the server too, and the browser waits for «Riprova» instead of searching
   * again on its own the moment it hydrates.
   */
  refused?: SearchRefusal;
}

const loadFiltersPanel = () => import('./filters-panel');
const FiltersPanel = lazy(loadFiltersPanel);

/** Cards whose cover loads at once: the first screen's. */
const PRIORITY_CARDS = 2;
const SKELETONS = 6;
const DESKTOP = '(min-width: 1024px)';

function subscribeMedia(callback: () => void) {
  const media = window.matchMedia(DESKTOP);
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}

/** Desktop width; false on the server and while hydrating, so the first HTML is the same everywhere. */
function useDesktop(): boolean {
  return useSyncExternalStore(
    subscribeMedia,
    () => window.matchMedia(DESKTOP).matches,
    () => false,
  );
}

export function SearchResultsPage({ route, params, province, refused }: SearchResultsPageProps) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const origin = useSiteOrigin();
  // A failed query would otherwise be fetched again as the page mounts, and shown as loading meanwhile
  // (on the server: skeletons and no word of the refusal).
  const query = useInfiniteQuery({
    ...searchResultsQueryOptions(params),
    placeholderData: keepPreviousData,
    retryOnMount: !refused,
  });
  const [view, setView] = useState<'list' | 'map'>('list');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const desktop = useDesktop();
  const showMap = desktop || view === 'map';

  const search = useCallback(
    (next: SearchParams) => {
      void navigate({ href: resultsHref(route, next), replace: true, resetScroll: false });
    },
    [navigate, route],
  );

  const first: SearchResult | undefined = query.data?.pages[0];
  const last: SearchResult | undefined = query.data?.pages.at(-1);
  const listings = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.Items)
      .filter((listing) => (seen.has(listing.Id) ? false : (seen.add(listing.Id), true)));
  }, [query.data]);
  const total = first?.Total;
  const updating = query.isPlaceholderData;

  const parts = headingParts(params, first?.Area, routePlaceName(route));
  const contract = t(`heading.${parts.contract}`);
  const place = t(`heading.place.${parts.place}`, { name: parts.name, km: parts.km });
  const heading = (
    total !== undefined
      ? t('heading.title', { count: total, noun: t(`heading.nouns.${parts.noun}`, { count: total }), contract, place })
      : t('heading.titleNoCount', { noun: t(`heading.titleNouns.${parts.noun}`), contract, place })
  ).trim();
  const title = t('meta.title', { heading: `${t(`heading.titleNouns.${parts.noun}`)} ${contract} ${place}`.trim() });

  const breadcrumb: BreadcrumbItem[] = [
    { name: t('breadcrumb.home'), href: '/' },
    {
      name: t(params.SellType === 2 ? 'breadcrumb.rent' : 'breadcrumb.sale'),
      href: params.SellType === 2 ? '/trovocasa' : '/comprocasa',
    },
  ];
  if (province && params.SearchType !== 'province')
    breadcrumb.push({
      name: nameFromSlug(province),
      href: `/${params.Type ?? 'case'}/${encodeURIComponent(province)}`,
    });
  breadcrumb.push({ name: parts.name || heading });

  const activeFilters = countActiveFilters(params);
  const nextCursor = last?.NextCursor ?? null;

  // A marker of the map picks its card: shown in the list, scrolled to and outlined.
  const select = (id: number) => {
    if (!listings.some((listing) => listing.Id === id)) {
      void navigate({ to: '/immobile/$id', params: { id: String(id) } });
      return;
    }
    setSelectedId(id);
    if (!desktop) setView('list');
  };
  useEffect(() => {
    if (selectedId === null) return;
    document
      .querySelector(`[data-listing-id="${selectedId}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [selectedId, view]);

  const error = query.error;
  // An ApiError carries its status; the error a page carries from the server to the browser is a plain
  // Error, whose status the loader's refusal gives.
  const status = error instanceof ApiError ? error.status : error ? (refused ?? null) : null;
  const invalid = status === 400;
  // Over the visitor's search limit (429), or a search that took too long (503): said as such.
  const failure = invalid
    ? 'list.invalid'
    : status === 429
      ? 'list.tooMany'
      : status === 503
        ? 'list.tooSlow'
        : 'list.error';

  return (
    <div className={styles.page} data-view={view}>
      <PageMeta title={title} description={t('meta.description', { heading })} noindex={!isIndexable(route)} />
      {listings.length > 0 ? (
        <ResultsJsonLd listings={listings} breadcrumb={breadcrumb} origin={origin} name={heading} />
      ) : null}

      <div className={styles.listColumn}>
        <LazySearchPlaceBox className={styles.placeSearch} sellType={params.SellType} typeSlug={params.Type} compact />
        <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
          <ol>
            {breadcrumb.map((item, index) => (
              <li key={index}>
                {item.href ? (
                  <HrefLink href={item.href}>{item.name}</HrefLink>
                ) : (
                  <span aria-current="page">{item.name}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className={styles.heading}>{heading}</h1>

        <div className={styles.toolbar}>
          <Button
            variant="secondary"
            size="small"
            onClick={() => setFiltersOpen(true)}
            onPointerEnter={() => void loadFiltersPanel()}
            onFocus={() => void loadFiltersPanel()}
            aria-label={activeFilters > 0 ? t('toolbar.filtersCountLabel', { count: activeFilters }) : undefined}
            aria-haspopup="dialog"
          >
            {activeFilters > 0 ? t('toolbar.filtersCount', { count: activeFilters }) : t('toolbar.filters')}
          </Button>
          <span className={styles.break} aria-hidden="true" />
          <SortSelect className={styles.sortWrap} value={params} onChange={search} />
          <div className={styles.save}>
            <SaveSearchButton params={params} areaName={parts.name || undefined} size="small" />
          </div>
          <div className={styles.viewSwitch} role="group" aria-label={t('toolbar.view')}>
            <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              {t('toolbar.list')}
            </button>
            <button type="button" aria-pressed={view === 'map'} onClick={() => setView('map')}>
              {t('toolbar.map')}
            </button>
          </div>
        </div>

        <div className={styles.results} aria-busy={updating || query.isPending || undefined}>
          {updating ? (
            <p className={styles.updating} role="status">
              {t('list.updating')}
            </p>
          ) : null}
          {query.isPending ? (
            <ul className={styles.list} aria-label={t('list.loading')}>
              {Array.from({ length: SKELETONS }, (_, index) => (
                <li key={index}>
                  <ListingCardSkeleton />
                </li>
              ))}
            </ul>
          ) : error && !query.data ? (
            <div className={styles.error} role="alert">
              <p>{t(failure)}</p>
              {invalid ? (
                <Button variant="secondary" onClick={() => search(withoutFilters(params))}>
                  {t('empty.removeAll')}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  {t('list.retry')}
                </Button>
              )}
            </div>
          ) : listings.length === 0 ? (
            <EmptyResults params={params} province={province} onSearch={search} />
          ) : (
            <>
              <ul className={cx(styles.list, updating && styles.stale)} aria-label={t('list.label')}>
                {listings.map((listing, index) => (
                  <li key={listing.Id} onMouseEnter={() => setSelectedId(listing.Id)}>
                    <ListingCard
                      listing={listing}
                      headingLevel="h2"
                      priority={index < PRIORITY_CARDS}
                      selected={selectedId === listing.Id}
                      action={<FavoriteToggle propertyId={listing.Id} listing={listing} variant="overlay" />}
                    />
                  </li>
                ))}
                {query.isFetchingNextPage
                  ? Array.from({ length: 2 }, (_, index) => (
                      <li key={`more-${index}`}>
                        <ListingCardSkeleton />
                      </li>
                    ))
                  : null}
              </ul>
              <div className={styles.paging}>
                {total !== undefined ? (
                  <p className={styles.shown}>{t('list.shown', { shown: listings.length, total })}</p>
                ) : null}
                {nextCursor ? (
                  <a
                    className={styles.more}
                    href={resultsHref(route, { ...params, Cursor: nextCursor })}
                    aria-disabled={query.isFetchingNextPage || undefined}
                    onClick={(event) => {
                      // With scripts the next page is appended; the address is for crawlers and no-JS visitors.
                      event.preventDefault();
                      if (!query.isFetchingNextPage) void query.fetchNextPage();
                    }}
                  >
                    {t('list.more')}
                  </a>
                ) : null}
                {params.Cursor ? (
                  <HrefLink href={firstPageHref(route, params)} className={styles.firstPage}>
                    {t('list.firstPage')}
                  </HrefLink>
                ) : null}
              </div>
            </>
          )}
        </div>
      </div>

      <div className={styles.mapColumn}>
        {showMap ? (
          <ResultsMap
            params={params}
            result={first}
            selectedId={selectedId}
            onSelect={select}
            onSearch={search}
            onShowList={() => !desktop && setView('list')}
          />
        ) : null}
      </div>

      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersPanel
            params={params}
            total={total}
            activeFilters={activeFilters}
            updating={updating}
            onSearch={search}
            onClose={() => setFiltersOpen(false)}
            onShowResults={() => {
              setFiltersOpen(false);
              // The list changed under the panel: the page may still be scrolled to where a longer list ended. Show the first result.
              window.scrollTo({ top: 0 });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
