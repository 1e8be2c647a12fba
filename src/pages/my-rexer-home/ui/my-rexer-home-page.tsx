import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { overviewQueryOptions, type MyRexerOverview } from '../api/overview-api';
import styles from './my-rexer-home-page.module.css';

type Draft = MyRexerOverview['Drafts'][number];

/**
 * /myrexer: what waits for the user (visit requests to answer, visits to come, unread messages,
 * drafts to finish, saved searches with new listings), each with the way to it. Also the page of
 * an unknown MyRexer address (`unknownAddress`), which says so above the same overview.
 */
export function MyRexerHomePage({ unknownAddress = false }: { unknownAddress?: boolean }) {
  const { t } = useTranslation('my-rexer-home');
  const overview = useQuery(overviewQueryOptions());

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      {unknownAddress ? (
        <Alert tone="info" title={t('unknown.title')} live={false} className={styles.notice}>
          {t('unknown.text')}
        </Alert>
      ) : null}
      {overview.data ? (
        <Overview data={overview.data} />
      ) : overview.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void overview.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <Spinner label={t('loading')} />
      )}
    </Page>
  );
}

function Overview({ data }: { data: MyRexerOverview }) {
  const { t } = useTranslation('my-rexer-home');
  const nothing =
    data.VisitRequests + data.UpcomingVisits + data.UnreadMessages + data.DraftCount + data.SearchesWithNews === 0;
  if (nothing)
    return (
      <EmptyState
        data-testid="overview-empty"
        title={t('empty.title')}
        text={t('empty.text')}
        actions={
          <>
            <Link to="/ricerca" className={buttonClassName()}>
              {t('empty.search')}
            </Link>
            <Link to="/annuncio/vendocasa" className={buttonClassName({ variant: 'secondary' })}>
              {t('empty.publish')}
            </Link>
          </>
        }
      />
    );
  return (
    <div className={styles.overview} data-testid="overview">
      <ul className={styles.tiles}>
        <Tile
          id="visit-requests"
          count={data.VisitRequests}
          label={t('visitRequests.label', { count: data.VisitRequests })}
          none={t('visitRequests.none')}
          link={{ to: '/myrexer/appuntamenti/$type', params: { type: '0' }, search: { ruolo: 'proprietario' } }}
          cta={t('visitRequests.cta')}
        />
        <Tile
          id="upcoming-visits"
          count={data.UpcomingVisits}
          label={t('upcomingVisits.label', { count: data.UpcomingVisits })}
          none={t('upcomingVisits.none')}
          link={{ to: '/myrexer/appuntamenti/$type', params: { type: '1' } }}
          cta={t('upcomingVisits.cta')}
        />
        <Tile
          id="unread-messages"
          count={data.UnreadMessages}
          label={t('messages.label', { count: data.UnreadMessages })}
          none={t('messages.none')}
          link={{ to: '/myrexer/messaggi' }}
          cta={t('messages.cta')}
        />
        <Tile
          id="search-news"
          count={data.SearchesWithNews}
          label={t('searchNews.label', { count: data.SearchesWithNews, days: data.SearchNewsDays })}
          none={t('searchNews.none', { days: data.SearchNewsDays })}
          link={{ to: '/myrexer/ricerche' }}
          cta={t('searchNews.cta')}
        >
          {data.SearchNews.length > 0 ? (
            <ul className={styles.names}>
              {data.SearchNews.map((search) => (
                <li key={search.Id}>
                  <span className={styles.name}>{search.Name}</span>{' '}
                  <span className={styles.muted}>{t('searchNews.listings', { count: search.NewListings })}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </Tile>
      </ul>
      {data.DraftCount > 0 ? <Drafts drafts={data.Drafts} total={data.DraftCount} /> : null}
    </div>
  );
}

function Tile({
  id,
  count,
  label,
  none,
  link,
  cta,
  children,
}: {
  id: string;
  count: number;
  label: string;
  none: string;
  link: Pick<LinkProps, 'to' | 'params' | 'search'>;
  cta: string;
  children?: ReactNode;
}) {
  return (
    <li className={styles.tile} data-testid={`overview-${id}`} data-waiting={count > 0 ? 'true' : 'false'}>
      {count > 0 ? (
        <p className={styles.figure}>
          <span className={styles.count}>{count}</span> <span className={styles.label}>{label}</span>
        </p>
      ) : (
        <p className={styles.none}>{none}</p>
      )}
      {children}
      <Link {...link} className={styles.tileLink}>
        {cta}
      </Link>
    </li>
  );
}

function Drafts({ drafts, total }: { drafts: Draft[]; total: number }) {
  const { t, i18n } = useTranslation('my-rexer-home');
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' });
  return (
    <section className={styles.drafts} aria-labelledby="overview-drafts-title" data-testid="overview-drafts">
      <h2 id="overview-drafts-title" className={styles.sectionTitle}>
        {t('drafts.title', { count: total })}
      </h2>
      <ul className={styles.draftList}>
        {drafts.map((draft) => (
          <li key={draft.Id} className={styles.draft}>
            <div className={styles.draftText}>
              <p className={styles.name}>
                {draft.Title ?? t(draft.SellType === 2 ? 'drafts.untitledRent' : 'drafts.untitledSale')}
              </p>
              <p className={styles.muted}>
                {t(draft.SellType === 2 ? 'drafts.rent' : 'drafts.sale')} ·{' '}
                {t('drafts.updated', { date: date.format(new Date(draft.UpdatedAt)) })}
              </p>
            </div>
            <Link
              to={draft.SellType === 2 ? '/annuncio/affittocasa/$id' : '/annuncio/vendocasa/$id'}
              params={{ id: String(draft.Id) }}
              className={buttonClassName({ variant: 'secondary', size: 'small' })}
            >
              {t('drafts.resume')}
            </Link>
          </li>
        ))}
      </ul>
      {total > drafts.length ? (
        <Link to="/myrexer/annunci/$type" params={{ type: 'bozze' }} className={styles.tileLink}>
          {t('drafts.all', { count: total })}
        </Link>
      ) : null}
    </section>
  );
}
