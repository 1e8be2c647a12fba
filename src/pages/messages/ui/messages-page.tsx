import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { threadsQueryOptions } from '@/entities/message';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { useLiveRefetchInterval } from '@/shared/api';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { ThreadList } from './thread-list';
import { ThreadView } from './thread-view';
import styles from './messages-page.module.css';

/** `?thread=` as a thread id, or undefined. */
export function threadIdOf(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * /myrexer/messaggi[?thread={id}]: the user's conversations about listings. Two columns on a
 * wide screen (the list, the open thread); on a phone the list and the thread are two screens,
 * the thread with a way back. The thread in the address survives a reload and is where the
 * listing page sends a buyer after the first message. The data is the user's own: it loads in
 * the browser, kept fresh by the live events (every 30 s while their stream is closed).
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const search: { thread?: unknown } = useSearch({ strict: false });
  const threadId = threadIdOf(search.thread);
  const refetchInterval = useLiveRefetchInterval();
  const query = useInfiniteQuery({ ...threadsQueryOptions(), refetchInterval });
  const threads = query.data?.pages.flatMap((page) => page.Items);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A thread chosen after the page opened takes the focus (a screen reader lands in it); the
  // one of the address at the first render leaves the focus where the visitor is.
  const shown = useRef(threadId);
  useEffect(() => {
    if (shown.current === threadId) return;
    shown.current = threadId;
    if (threadId !== undefined) headingRef.current?.focus();
  });

  return (
    <Page title={t('title')}>
      <PageMeta title={t('meta.title')} noindex />
      {threads && threads.length === 0 && threadId === undefined ? (
        <EmptyState
          data-testid="messages-empty"
          title={t('empty.title')}
          text={t('empty.text')}
          actions={
            <Link to="/ricerca" className={buttonClassName()}>
              {t('empty.cta')}
            </Link>
          }
        />
      ) : (
        <div
          className={cx(styles.columns, threadId !== undefined ? styles.showThread : styles.showList)}
          data-view={threadId !== undefined ? 'thread' : 'list'}
        >
          <div className={styles.listPane}>
            {threads ? (
              <>
                <ThreadList threads={threads} />
                {query.hasNextPage ? (
                  <Button
                    variant="secondary"
                    size="small"
                    className={styles.more}
                    loading={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    {t('more')}
                  </Button>
                ) : null}
              </>
            ) : query.isError ? (
              <Alert tone="error" title={t('loadError')}>
                <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              </Alert>
            ) : (
              <p role="status" className={styles.threadLoading}>
                {t('loading')}
              </p>
            )}
          </div>
          <div className={styles.threadPane}>
            {threadId !== undefined ? (
              <ThreadView key={threadId} threadId={threadId} headingRef={headingRef} />
            ) : (
              <p className={styles.pick}>{t('thread.pick')}</p>
            )}
          </div>
        </div>
      )}
    </Page>
  );
}
