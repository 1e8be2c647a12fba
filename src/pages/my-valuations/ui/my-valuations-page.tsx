import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { myValuationsQueryOptions } from '../api/my-valuations-query';
import { ValuationItem } from './valuation-item';
import styles from './my-valuations-page.module.css';
import { EmptyState } from '@/shared/ui/empty-state';

/** /myrexer/valutazioni: the user's valuations, newest first, each leading to its result. */
export function MyValuationsPage() {
  const { t } = useTranslation('my-valuations');
  const session = useSessionView();
  const list = useInfiniteQuery(myValuationsQueryOptions(session.username));
  const items = list.data?.pages.flatMap((page) => page.Items);

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      {items ? (
        items.length === 0 ? (
          <EmptyState
            data-testid="valuations-empty"
            title={t('empty.title')}
            text={t('empty.text')}
            actions={
              <Link to="/valutocasa" className={buttonClassName()}>
                {t('empty.cta')}
              </Link>
            }
          />
        ) : (
          <>
            <ul className={styles.list} data-testid="valuations">
              {items.map((item) => (
                <li key={item.Id}>
                  <ValuationItem valuation={item} />
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <div className={styles.more}>
                <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                  {list.isFetchingNextPage ? t('moreLoading') : t('more')}
                </Button>
              </div>
            ) : null}
            {list.isFetchNextPageError ? <Alert tone="error" title={t('loadError')} /> : null}
          </>
        )
      ) : list.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.placeholder}>
          <Spinner label={t('loading')} />
        </div>
      )}
    </Page>
  );
}
