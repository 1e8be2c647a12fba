import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { ListingCard, ListingCardSkeleton } from '@/entities/listing';
import { loadSessionRuntime } from '@/entities/session';
import { FavoriteToggle, useFavorites, type FavoriteItem } from '@/features/toggle-favorite';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { cx } from '@/shared/lib/class-names';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import styles from './favorites-page.module.css';
import { EmptyState } from '@/shared/ui/empty-state';

const DATE = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });
const SKELETONS = 3;

/**
 * /myrexer/preferiti: the listings the visitor saved, with or without an account, each with
 * how its price moved since. The list is the visitor's own: it loads in the browser (the
 * server renders the frame), and a visitor who never saved one is not given a session for it.
 */
export function FavoritesPage() {
  const { t } = useTranslation('favorites-page');
  const { query, session } = useFavorites();
  const hydrated = useHydrated();

  // A visitor who has never saved a favourite in this browser is not asked for them.
  const notAsked = hydrated && query.isPending && query.fetchStatus === 'idle';
  const items = query.data?.Items.filter((item) => item.Property.Title !== undefined) ?? (notAsked ? [] : undefined);

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      {!session.isLoggedIn ? (
        <Alert tone="info" className={styles.anonymous}>
          <p className={styles.anonymousText}>
            <strong>{t('anonymous.text')}</strong> {t('anonymous.detail')}
          </p>
          <Button
            size="small"
            onClick={() =>
              void loadSessionRuntime().then((runtime) => runtime.openLogin({ redirectTo: '/myrexer/preferiti' }))
            }
            data-testid="favorites-login"
          >
            {t('anonymous.login')}
          </Button>
        </Alert>
      ) : null}
      {items ? (
        items.length === 0 ? (
          <EmptyState
            data-testid="favorites-empty"
            title={t('empty.title')}
            text={t('empty.text')}
            actions={
              <Link to="/ricerca" className={buttonClassName()}>
                {t('empty.cta')}
              </Link>
            }
          />
        ) : (
          <>
            <p className={styles.count}>{t('count', { count: items.length })}</p>
            <ul className={styles.list} data-testid="favorites">
              {items.map((item, index) => (
                <li key={item.Property.Id} className={styles.entry}>
                  <FavoriteEntry item={item} priority={index < 2} />
                </li>
              ))}
            </ul>
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
            <ListingCardSkeleton key={index} />
          ))}
        </div>
      )}
    </Page>
  );
}

function FavoriteEntry({ item, priority }: { item: FavoriteItem; priority: boolean }) {
  const { t } = useTranslation('favorites-page');
  const status = item.Status === 3 || item.Status === 4 ? item.Status : null;
  const change = item.PriceChange;
  const savedAt = new Date(item.SavedAt);

  return (
    <div
      className={cx(styles.favorite, status && styles.inactive)}
      data-testid="favorite"
      data-property-id={item.Property.Id}
    >
      <ListingCard
        listing={item.Property}
        headingLevel="h2"
        priority={priority}
        action={<FavoriteToggle propertyId={item.Property.Id} listing={item.Property} />}
      />
      <div className={styles.since}>
        {status ? (
          <span
            className={cx(styles.badge, status === 4 ? styles.sold : styles.suspended)}
            data-testid="favorite-status"
          >
            {t(`item.status.${status}`)}
          </span>
        ) : null}
        {change ? (
          <span className={cx(styles.change, change < 0 ? styles.down : styles.up)} data-testid="price-change">
            {t(change < 0 ? 'item.priceDown' : 'item.priceUp', { amount: formatThousands(Math.abs(change)) })}
          </span>
        ) : null}
        {Number.isNaN(savedAt.getTime()) ? null : (
          <span className={styles.savedOn}>{t('item.savedOn', { date: DATE.format(savedAt) })}</span>
        )}
        {status ? <span className={styles.statusNote}>{t(`item.statusNote.${status}`)}</span> : null}
      </div>
    </div>
  );
}

const noSubscription = () => () => {};

/** False on the server and while hydrating, true after: the page's first render matches the server's. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
