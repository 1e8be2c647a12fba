import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { markThreadRead, threadQueryOptions, type ThreadMessage, type ThreadMessages } from '@/entities/message';
import { ApiError, useLiveRefetchInterval } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { sentDay } from '../model/format-time';
import { threadPeople, withLine } from '../model/thread-people';
import { Composer } from './composer';
import styles from './messages-page.module.css';

// useLayoutEffect warns on the server; the thread renders only in the browser, but the page's
// shell is rendered on the server too.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * One thread: the listing and the other person on top, the messages as bubbles (the user's on
 * the right), the composer under them. Marks the thread read when it opens and whenever a
 * message of the other person arrives while it is open; says new messages out loud.
 */
export function ThreadView({
  threadId,
  headingRef,
}: {
  threadId: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation('messages');
  const refetchInterval = useLiveRefetchInterval();
  const query = useQuery({ ...threadQueryOptions(threadId), refetchInterval });
  const data = query.data;

  useMarkRead(threadId, data);
  const announcement = useArrivals(data);
  const listRef = useRef<HTMLOListElement>(null);
  const count = data?.Items.length ?? 0;
  // The newest message in view: when the thread opens and whenever one arrives or is sent.
  useBrowserLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [threadId, count]);

  if (query.isError && !data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className={styles.threadView} aria-labelledby={`thread-${threadId}-heading`}>
        <BackLink />
        <h2 id={`thread-${threadId}-heading`} ref={headingRef} tabIndex={-1} className="visually-hidden">
          {t('title')}
        </h2>
        <Alert tone="error" title={notFound ? t('thread.notFound') : t('thread.loadError')}>
          {notFound ? null : (
            <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Alert>
      </section>
    );
  }

  if (!data) {
    return (
      <section className={styles.threadView} aria-busy="true">
        <BackLink />
        <p role="status" className={styles.threadLoading}>
          {t('thread.loading')}
        </p>
      </section>
    );
  }

  const thread = data.Thread;
  const { name, heading, picture, agency } = threadPeople(thread, t);
  return (
    <section
      className={styles.threadView}
      aria-labelledby={`thread-${threadId}-heading`}
      data-testid="message-thread-view"
    >
      <BackLink />
      <header className={styles.threadHeader}>
        {picture ? (
          <img
            className={cx(styles.threadHeaderPhoto, agency && styles.threadLogo)}
            src={picture}
            alt=""
            width={64}
            height={64}
            decoding="async"
          />
        ) : null}
        <div className={styles.threadHeaderText}>
          <h2 id={`thread-${threadId}-heading`} ref={headingRef} tabIndex={-1} className={styles.threadHeading}>
            {heading}
          </h2>
          <p className={styles.threadWith}>{withLine(thread, name, t)}</p>
          {thread.Property ? (
            <Link to="/immobile/$id" params={{ id: String(thread.Property.Id) }} className={styles.threadListing}>
              {t('thread.listing')}
            </Link>
          ) : agency ? (
            <Link to="/agenzie/$name" params={{ name: agency.Slug }} className={styles.threadListing}>
              {t('thread.agencyPage')}
            </Link>
          ) : null}
        </div>
      </header>
      <ol
        ref={listRef}
        className={styles.messages}
        aria-label={t('thread.messagesLabel', { name })}
        data-testid="messages"
        tabIndex={0}
      >
        {data.Items.length === 0 ? <li className={styles.noMessages}>{t('thread.noMessages')}</li> : null}
        {data.Items.map((message) => (
          <Bubble key={message.Id} message={message} name={name} />
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="messages-announcement">
        {announcement ? t(announcement.key, { name, count: announcement.count, text: announcement.text }) : ''}
      </p>
      <Composer key={threadId} threadId={threadId} />
    </section>
  );
}

function BackLink() {
  const { t } = useTranslation('messages');
  return (
    <Link to="/myrexer/messaggi" activeOptions={{ exact: true }} className={styles.back} data-testid="messages-back">
      <span aria-hidden="true">←</span> {t('thread.back')}
    </Link>
  );
}

function Bubble({ message, name }: { message: ThreadMessage; name: string }) {
  const { t } = useTranslation('messages');
  const day = sentDay(message.SentAt);
  const when = day
    ? day.kind === 'today'
      ? t('thread.today', { time: day.time })
      : day.kind === 'yesterday'
        ? t('thread.yesterday', { time: day.time })
        : t('thread.onDate', { date: day.fullDate, time: day.time })
    : '';
  const shortWhen = day
    ? day.kind === 'today'
      ? day.time
      : day.kind === 'yesterday'
        ? t('thread.yesterday', { time: day.time })
        : `${day.date}, ${day.time}`
    : '';
  return (
    <li
      className={cx(styles.bubbleRow, message.Mine && styles.bubbleRowMine)}
      data-testid="message"
      data-mine={message.Mine || undefined}
    >
      <div className={cx(styles.bubble, message.Mine ? styles.bubbleMine : styles.bubbleTheirs)}>
        <span className="visually-hidden">{message.Mine ? t('thread.mine') : name}: </span>
        {/* The text as typed, never HTML: a link stays text (React escapes it). */}
        <p className={styles.bubbleText}>{message.Text}</p>
        {day ? (
          <time className={styles.bubbleTime} dateTime={message.SentAt} title={when}>
            {shortWhen}
          </time>
        ) : null}
      </div>
    </li>
  );
}

/** Marks the thread read when it holds messages of the other person that the user has not read. */
function useMarkRead(threadId: number, data: ThreadMessages | undefined) {
  const queryClient = useQueryClient();
  // The newest message of the other person already marked, so one arrival marks once.
  const marked = useRef<{ threadId: number; upTo: number }>({ threadId, upTo: 0 });
  const lastTheirs = data ? [...data.Items].reverse().find((message) => !message.Mine)?.Id : undefined;
  const unread = data?.Thread.Unread ?? 0;
  useEffect(() => {
    if (marked.current.threadId !== threadId) marked.current = { threadId, upTo: 0 };
    if (lastTheirs === undefined || unread === 0 || lastTheirs <= marked.current.upTo) return;
    // A tab in the background has not been read: it marks when it shows again.
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    marked.current = { threadId, upTo: lastTheirs };
    markThreadRead(queryClient, threadId).catch(() => {
      if (marked.current.threadId === threadId) marked.current = { threadId, upTo: 0 };
    });
  }, [queryClient, threadId, lastTheirs, unread]);
}

interface Announcement {
  key: string;
  count?: number;
  text?: string;
}

/** What to say when messages of the other person arrive while the thread is open (not at its opening). */
function useArrivals(data: ThreadMessages | undefined): Announcement | null {
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const seen = useRef<{ threadId: number; lastId: number } | null>(null);
  const threadId = data?.Thread.Id;
  const lastId = data?.Items.at(-1)?.Id ?? 0;
  useEffect(() => {
    if (!data || threadId === undefined) return;
    const before = seen.current;
    seen.current = { threadId, lastId };
    if (!before || before.threadId !== threadId) {
      setAnnouncement(null);
      return;
    }
    const arrived = data.Items.filter((message) => message.Id > before.lastId && !message.Mine);
    if (arrived.length === 1) setAnnouncement({ key: 'thread.newMessage', text: arrived[0]!.Text.slice(0, 200) });
    else if (arrived.length > 1) setAnnouncement({ key: 'thread.newMessages', count: arrived.length });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- it runs when the newest message changes
  }, [threadId, lastId]);
  return announcement;
}
