import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { deleteSearchByLink } from '../api/delete-by-link';
import styles from './delete-search-page.module.css';

export interface DeleteSearchPageProps {
  id: number;
  /** The link's signature; absent when the link was cut. */
  token: string | undefined;
}

/**
 * /eliminaricerca/{id}?t={token}, the link of every alert mail: no login needed. Nothing is
 * deleted on opening the page (mail scanners open links to check them); the visitor confirms.
 */
export function DeleteSearchPage({ id, token }: DeleteSearchPageProps) {
  const { t } = useTranslation('saved-searches');
  const [kept, setKept] = useState(false);
  const remove = useMutation({ mutationFn: () => deleteSearchByLink(id, token ?? '') });
  const outcome = !token ? { kind: 'invalid' as const } : remove.data;

  return (
    <Page title={t('deleteLink.title')} width="narrow">
      <PageMeta title={t('deleteLink.meta')} noindex />
      <Card tone="raised" padding="large" className={styles.card}>
        {outcome?.kind === 'deleted' ? (
          <Stack gap={4} data-testid="delete-search-done">
            <Alert tone="success" live>
              {t('deleteLink.deleted', { name: outcome.name })}
            </Alert>
            <Text>{t('deleteLink.deletedNext')}</Text>
            <div className={styles.actions}>
              <Link to="/ricerca" className={buttonClassName()}>
                {t('deleteLink.search')}
              </Link>
            </div>
          </Stack>
        ) : outcome?.kind === 'invalid' || outcome?.kind === 'notFound' ? (
          <Stack gap={4}>
            <Alert tone={outcome.kind === 'notFound' ? 'info' : 'error'} live>
              <span data-testid="delete-search-problem" data-kind={outcome.kind}>
                {t(outcome.kind === 'notFound' ? 'deleteLink.notFound' : 'deleteLink.invalid')}
              </span>
            </Alert>
            <div className={styles.actions}>
              <Link to="/myrexer/ricerche" className={buttonClassName({ variant: 'secondary' })}>
                {t('deleteLink.manage')}
              </Link>
            </div>
          </Stack>
        ) : kept ? (
          <Stack gap={4}>
            <Alert tone="info" live>
              {t('deleteLink.kept')}
            </Alert>
            <div className={styles.actions}>
              <Link to="/myrexer/ricerche" className={buttonClassName({ variant: 'secondary' })}>
                {t('deleteLink.manage')}
              </Link>
            </div>
          </Stack>
        ) : (
          <Stack gap={4}>
            <Text size="large" weight="bold">
              {t('deleteLink.question')}
            </Text>
            <Text tone="muted">{t('deleteLink.detail')}</Text>
            {outcome?.kind === 'failed' ? (
              <Alert tone="error" live>
                {t('deleteLink.failed')}
              </Alert>
            ) : null}
            <div className={styles.actions}>
              <Button onClick={() => remove.mutate()} loading={remove.isPending} data-testid="confirm-delete-link">
                {remove.isPending ? t('deleteLink.deleting') : t('deleteLink.confirm')}
              </Button>
              <Button variant="ghost" onClick={() => setKept(true)} disabled={remove.isPending}>
                {t('deleteLink.keep')}
              </Button>
            </div>
          </Stack>
        )}
      </Card>
    </Page>
  );
}
