import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { confirmMail, type ConfirmOutcome } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Stack } from '@/shared/ui/stack';
import styles from './account-pages.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

/**
 * /mailconfermata/{token}: the link of the confirmation mail. The silent session of the
 * registration ends here (docs/spec.md §4): the visitor logs in with the confirmed address.
 */
export function MailConfirmedPage({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const result = useQuery({
    queryKey: ['account', 'confirm', token],
    queryFn: () => confirmMail(token).catch((): ConfirmOutcome => ({ kind: 'error' })),
    staleTime: Infinity,
    retry: false,
  });

  const outcome = result.data;
  useEffect(() => {
    if (!outcome || outcome.kind === 'error') return;
    // The silent session of the registration ends; any other session is left as it is.
    void loadSessionRuntime().then((runtime) => runtime.send({ type: 'SILENT_LOGOUT' }));
  }, [outcome]);

  const openLogin = () => void loadSessionRuntime().then((runtime) => runtime.openLogin({ email: outcome?.kind === 'confirmed' ? outcome.email : undefined, notice: 'confirmed', redirectTo: '/myrexer/profilo' }));

  return (
    <div className={styles.page}>
      <PageMeta title={t('confirm.meta')} noindex />
      <div className={styles.card} data-testid="mail-confirmed" data-outcome={outcome?.kind ?? 'pending'}>
        <h1 className={styles.title}>{t('confirm.title')}</h1>
        {!outcome ? (
          <Spinner label={t('confirm.checking')} />
        ) : (
          <Stack gap={4}>
            <Alert tone={outcome.kind === 'error' ? 'error' : 'success'} live>
              {outcome.kind === 'confirmed' ? t('confirm.confirmed', { email: outcome.email }) : t(`confirm.${outcome.kind}`)}
            </Alert>
            {outcome.kind !== 'error' && <Button onClick={openLogin}>{t('confirm.login')}</Button>}
          </Stack>
        )}
      </div>
    </div>
  );
}
