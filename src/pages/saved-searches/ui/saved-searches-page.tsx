import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { savedSearchesQueryOptions, type SavedSearch } from '../api/saved-searches-api';
import { DeleteSearchModal } from './delete-search-modal';
import { SavedSearchItem } from './saved-search-item';
import styles from './saved-searches-page.module.css';
import { EmptyState } from '@/shared/ui/empty-state';

/** /myrexer/ricerche: the user's saved searches, their alerts, and the way back to their results. */
export function SavedSearchesPage() {
  const { t } = useTranslation('saved-searches');
  const searches = useQuery(savedSearchesQueryOptions());
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      {/* What just happened (a deletion), read out and kept on screen. */}
      <p className={styles.notice} role="status" data-testid="saved-searches-notice">
        {notice}
      </p>
      {searches.data ? (
        searches.data.length === 0 ? (
          <EmptyState
            data-testid="saved-searches-empty"
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
            <p className={styles.count}>{t('count', { count: searches.data.length })}</p>
            <ul className={styles.list} data-testid="saved-searches">
              {searches.data.map((search) => (
                <li key={search.Id}>
                  <SavedSearchItem search={search} onDelete={() => setDeleting(search)} />
                </li>
              ))}
            </ul>
          </>
        )
      ) : searches.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void searches.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <Spinner label={t('loading')} />
      )}
      {deleting ? (
        <DeleteSearchModal
          search={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setNotice(t('delete.deleted', { name: deleting.Name }));
            setDeleting(null);
          }}
        />
      ) : null}
    </Page>
  );
}
