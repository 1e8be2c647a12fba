import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useLocation, type LinkProps } from '@tanstack/react-router';
import { useState } from 'react';
import {
  appointmentListQueryOptions,
  ownerSideQueryOptions,
  type AnswersFor,
  type AppointmentRole,
  type AppointmentTabId,
} from '@/entities/appointment';
import { useLiveRefetchInterval } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { roleOf, searchOf, TABS } from '../model/view';
import { AppointmentCard, AppointmentCardSkeleton, type AppointmentChange } from './appointment-card';
import styles from './appointments.module.css';
import { SellBanner } from './sell-banner';

const SKELETONS = 3;

export interface AppointmentsPageProps {
  /** `/myrexer/appuntamenti/{tab}`; none (the index): the first tab with something in it, waiting then ahead. */
  tab?: AppointmentTabId;
  /** What the viewer may answer on a visit: the appointment process's answer. */
  answersFor: AnswersFor;
}

interface Notice {
  text: string;
  /** The tab the visit moved to, when it is not the one shown. */
  tab: AppointmentTabId | null;
}

/**
 * /myrexer/appuntamenti[/{0|1|2}][?ruolo=proprietario]: the visits I asked for, or the
 * requests my listings received, by tab (waiting, ahead, cancelled), newest first, 20 at a
 * time; each with the answers the appointment machine allows the viewer. The list is the
 * user's own: the server renders the frame and the browser loads it. Lists are read again
 * every 30 s while no live event can tell of a change.
 */
export function AppointmentsPage({ tab, answersFor }: AppointmentsPageProps) {
  const { t } = useTranslation('appointments');
  const role = useLocation({ select: (location) => roleOf(location.search as Record<string, unknown>) });
  const shown = useShownTab(role, tab);
  const liveRefetch = useLiveRefetchInterval();
  const query = useInfiniteQuery({
    ...appointmentListQueryOptions(role, shown ?? 0),
    enabled: shown !== undefined,
    refetchInterval: liveRefetch,
  });
  const ownerSide = useQuery(ownerSideQueryOptions());
  const [notice, setNotice] = useState<Notice | null>(null);
  const items = shown === undefined ? undefined : query.data?.pages.flatMap((page) => page.Items);
  // Someone with no listing and no request received has only the buyer's side: no switch to nothing.
  const showSwitch = role === 'owner' || ownerSide.data !== false;

  const onChanged = (change: AppointmentChange) => {
    const name = change.appointment.OtherPartyName ?? t('card.someone');
    setNotice({
      text: t(`done.${change.event}`, { title: change.appointment.Property.Title, name }),
      tab: change.appointment.Tab !== shown ? change.appointment.Tab : null,
    });
  };

  return (
    <Page
      title={t('title')}
      intro={t(`intro.${role}`)}
      headerExtra={showSwitch ? <RoleSwitch role={role} tab={tab} /> : null}
      nav={<TabNav role={role} current={shown} />}
    >
      <PageMeta title={t('meta.title')} noindex />
      <div className={styles.notice} role="status" data-testid="appointments-notice">
        {notice ? (
          <p className={styles.noticeText}>
            {notice.text}{' '}
            {notice.tab !== null ? (
              <Link
                to={`/myrexer/appuntamenti/${notice.tab}` as LinkProps['to']}
                search={searchOf(role) as never}
                className={styles.noticeLink}
                onClick={() => setNotice(null)}
              >
                {t(`done.goTo.${notice.tab}`)}
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
      {items && shown !== undefined ? (
        items.length === 0 ? (
          <EmptyState
            data-testid="appointments-empty"
            title={t(`empty.${role}.${shown}.title`)}
            text={t(`empty.${role}.${shown}.text`)}
            actions={
              role === 'buyer' ? (
                <Link to="/ricerca" className={buttonClassName()}>
                  {t('empty.buyer.cta')}
                </Link>
              ) : (
                <Link to="/myrexer/annunci" className={buttonClassName()}>
                  {t('empty.owner.cta')}
                </Link>
              )
            }
          />
        ) : (
          <>
            <ul className={styles.list} data-testid="appointments" data-tab={shown} data-role={role}>
              {items.map((appointment, index) => (
                <li key={appointment.Id}>
                  <AppointmentCard
                    appointment={appointment}
                    answers={answersFor(appointment)}
                    priority={index < 2}
                    onChanged={onChanged}
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
            <AppointmentCardSkeleton key={index} />
          ))}
        </div>
      )}
      {role === 'buyer' ? <SellBanner /> : null}
    </Page>
  );
}

/**
 * The tab shown: the one in the URL; on the index, waiting when it has something, else ahead
 * when that has something, else waiting (its empty state says what the tab is for). Undefined
 * while that is not known yet. The lists read here are the tabs' own queries (one cache).
 */
function useShownTab(role: AppointmentRole, tab: AppointmentTabId | undefined): AppointmentTabId | undefined {
  const onIndex = tab === undefined;
  const waiting = useInfiniteQuery({ ...appointmentListQueryOptions(role, 0), enabled: onIndex });
  const waitingEmpty = waiting.data !== undefined && waiting.data.pages[0]?.Items.length === 0;
  const ahead = useInfiniteQuery({ ...appointmentListQueryOptions(role, 1), enabled: onIndex && waitingEmpty });
  if (!onIndex) return tab;
  if (waiting.isError) return 0;
  if (!waiting.data) return undefined;
  if (!waitingEmpty) return 0;
  if (ahead.isError) return 0;
  if (!ahead.data) return undefined;
  return (ahead.data.pages[0]?.Items.length ?? 0) > 0 ? 1 : 0;
}

/** The two sides, as links that keep the tab: the one shown is marked. */
function RoleSwitch({ role, tab }: { role: AppointmentRole; tab: AppointmentTabId | undefined }) {
  const { t } = useTranslation('appointments');
  const to = (tab === undefined ? '/myrexer/appuntamenti' : `/myrexer/appuntamenti/${tab}`) as LinkProps['to'];
  return (
    <nav aria-label={t('role.label')} className={styles.roles}>
      <ul className={styles.rolesList}>
        {(['buyer', 'owner'] as const).map((side) => (
          <li key={side}>
            <Link
              to={to}
              search={searchOf(side) as never}
              className={styles.role}
              aria-current={side === role ? 'page' : undefined}
              activeOptions={{ includeSearch: true, exact: true }}
              data-testid={`role-${side}`}
            >
              {t(`role.${side}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The three tabs, as links (`/myrexer/appuntamenti/{0|1|2}`) keeping the side; the tab shown is marked. */
function TabNav({ role, current }: { role: AppointmentRole; current: AppointmentTabId | undefined }) {
  const { t } = useTranslation('appointments');
  return (
    <nav aria-label={t('tabs.label')} className={styles.tabs}>
      <ul className={styles.tabsList}>
        {TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={`/myrexer/appuntamenti/${tab}` as LinkProps['to']}
              search={searchOf(role) as never}
              className={styles.tab}
              aria-current={tab === current ? 'page' : undefined}
              activeOptions={{ exact: true, includeSearch: true }}
              data-testid={`tab-${tab}`}
            >
              {t(`tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
