import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveRefetchInterval } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { ModeNav, Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { myListingsQueryOptions, waitingVisitsQueryOptions } from '../api/my-listings-api';
import type { ActionsFor } from '../model/listing-actions';
import { FILTER_TABS, STATUS_FILTERS, type StatusFilterSlug } from '../model/status-filter';
import { MyListingItem, MyListingItemSkeleton } from './my-listing-item';
import styles from './my-listings.module.css';
import { EmptyState } from '@/shared/ui/empty-state';

const SKELETONS = 3;

export interface MyListingsPageProps {
  /** `/myrexer/annunci/{slug}`: one status; none: every status but deleted. */
  filter?: StatusFilterSlug;
  actionsFor: ActionsFor;
}

/**
 * /myrexer/annunci[/{type}]: the owner's listings, newest first, 20 at a time («Mostra
 * altri»), each with its numbers and the status changes allowed. The list is the owner's
 * own: the server renders the frame (title, tabs, rows' places) and the browser loads it,
 * as the other MyRexer pages do.
 */
export function MyListingsPage({ filter, actionsFor }: MyListingsPageProps) {
  const { t } = useTranslation('my-listings');
  const query = useInfiniteQuery(myListingsQueryOptions(filter ? STATUS_FILTERS[filter] : undefined));
  const [notice, setNotice] = useState('');
  const items = query.data?.pages.flatMap((page) => page.Items);
  const waitingVisits = useQuery({ ...waitingVisitsQueryOptions(), refetchInterval: useLiveRefetchInterval() }).data;

  return (
    <Page
      title={t('title')}
      intro={t('intro')}
      nav={
        <ModeNav
          label={t('filters.label')}
          current={filter ?? 'all'}
          items={FILTER_TABS.map((key) => ({
            key,
            to: key === 'all' ? '/myrexer/annunci' : `/myrexer/annunci/${key}`,
            label: t(`filters.${key}`),
          }))}
        />
      }
    >
      <PageMeta title={t('meta.title')} noindex />
      {/* What just happened (a status change), read out and kept on screen. */}
      <p className={styles.notice} role="status" data-testid="my-listings-notice">
        {notice}
      </p>
      {items ? (
        items.length === 0 ? (
          <EmptyState
            data-testid="my-listings-empty"
            title={t(filter ? `empty.${filter}` : 'empty.title')}
            text={t('empty.text')}
            actions={
              <>
                <Link to="/annuncio/vendocasa" className={buttonClassName()}>
                  {t('empty.sale')}
                </Link>
                <Link to="/annuncio/affittocasa" className={buttonClassName({ variant: 'secondary' })}>
                  {t('empty.rent')}
                </Link>
              </>
            }
          />
        ) : (
          <>
            <ul className={styles.list} data-testid="my-listings">
              {items.map((listing, index) => (
                <li key={listing.Id}>
                  <MyListingItem
                    listing={listing}
                    actionsFor={actionsFor}
                    priority={index < 2}
                    waitingVisits={waitingVisits?.[listing.Id]}
                    onChanged={(action) =>
                      setNotice(t(`done.${action.event}`, { title: listing.Title ?? t('untitled') }))
                    }
                  />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className={styles.more}>
                <Button
                  variant="secondary"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? t('more.loading') : t('more.button')}
                </Button>
              </div>
            ) : null}
            {query.isFetchNextPageError ? (
              <Alert tone="error" live>
                {t('more.error')}
              </Alert>
            ) : null}
          </>
        )
      ) : query.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.list} role="status" aria-label={t('loading')}>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <MyListingItemSkeleton key={index} />
          ))}
        </div>
      )}
    </Page>
  );
}
