import { Link } from '@tanstack/react-router';
import type { MessageThread } from '@/entities/message';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { sentDay } from '../model/format-time';
import { threadPeople } from '../model/thread-people';
import styles from './messages-page.module.css';

/** The user's threads, newest activity first; the open one marked, the unread ones bold with their count. */
export function ThreadList({ threads }: { threads: readonly MessageThread[] }) {
  const { t } = useTranslation('messages');
  return (
    <nav aria-label={t('list.label')}>
      <ul className={styles.threads} data-testid="message-threads">
        {threads.map((thread) => (
          <li key={thread.Id}>
            <ThreadEntry thread={thread} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ThreadEntry({ thread }: { thread: MessageThread }) {
  const { t } = useTranslation('messages');
  const unread = thread.Unread > 0;
  const { name, title, picture, agency } = threadPeople(thread, t);
  const last = thread.LastMessage;
  const day = last ? sentDay(last.SentAt) : undefined;
  return (
    <Link
      to="/myrexer/messaggi"
      search={{ thread: thread.Id }}
      className={cx(styles.thread, unread && styles.threadUnread)}
      // The open thread is the link whose search is the page's: the router marks it aria-current.
      activeOptions={{ exact: true }}
      data-testid="message-thread"
      data-thread-id={thread.Id}
      data-unread={unread || undefined}
    >
      {picture ? (
        <img
          className={cx(styles.threadPhoto, agency && styles.threadLogo)}
          src={picture}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.threadPhoto} aria-hidden="true" />
      )}
      <span className={styles.threadBody}>
        <span className={styles.threadTop}>
          <span className={styles.threadName}>
            {name}
            {thread.Role === 'owner' ? (
              <span className={styles.threadRole}> · {t(agency ? 'list.toYourAgency' : 'list.aboutYourListing')}</span>
            ) : null}
          </span>
          {day ? (
            <time className={styles.threadTime} dateTime={last!.SentAt}>
              {day.kind === 'today' ? day.time : day.kind === 'yesterday' ? t('list.yesterday') : day.date}
            </time>
          ) : null}
        </span>
        <span className={styles.threadTitle}>{title}</span>
        <span className={styles.threadBottom}>
          <span className={styles.threadPreview}>
            {last ? (
              <>
                {last.Mine ? <span className={styles.threadYou}>{t('list.you')} </span> : null}
                {last.Excerpt}
              </>
            ) : (
              t('list.noMessage')
            )}
          </span>
          {unread ? (
            <span className={styles.unreadCount} data-testid="thread-unread">
              <span aria-hidden="true">{thread.Unread > 99 ? '99+' : thread.Unread}</span>
              <span className="visually-hidden">{t('list.unread', { count: thread.Unread })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
