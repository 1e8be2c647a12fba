import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { checkPasswordLink } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import styles from './account-pages.module.css';
import { PageMeta } from '@/shared/ui/page-meta';
import { NewPasswordForm } from './new-password-form';

/**
 * /recuperaPassword/{token} (a recovery link) and /inserisciPassword/{token} (the first
 * password of an account registered without one): the link is checked, then a new password.
 */
export function PasswordLinkPage({ token, mode }: { token: string; mode: 'recover' | 'set' }) {
  const { t } = useTranslation('account');
  const link = useQuery({
    queryKey: ['account', 'password-link', token],
    queryFn: () => checkPasswordLink(token).catch(() => null),
    staleTime: Infinity,
    retry: false,
  });
  const [done, setDone] = useState(false);

  const login = () =>
    void loadSessionRuntime().then((runtime) =>
      runtime.openLogin({ email: link.data ?? undefined, notice: 'passwordChanged', redirectTo: '/myrexer/profilo' }),
    );

  return (
    <div className={styles.page}>
      <PageMeta title={t(`password.${mode}.meta`)} noindex />
      <div
        className={styles.card}
        data-testid="password-link"
        data-state={link.isPending ? 'checking' : link.data ? (done ? 'done' : 'form') : 'invalid'}
      >
        <h1 className={styles.title}>{t(`password.${mode}.title`)}</h1>
        {link.isPending ? (
          <Spinner label={t('password.checking')} />
        ) : !link.data ? (
          <Alert tone="error">{t('password.invalidLink')}</Alert>
        ) : done ? (
          <Stack gap={4}>
            <Alert tone="success" live>
              {t('password.done')}
            </Alert>
            <Button onClick={login}>{t('password.login')}</Button>
          </Stack>
        ) : (
          <NewPasswordForm token={token} email={link.data} onDone={() => setDone(true)}>
            <Text>{t('password.for', { email: link.data })}</Text>
          </NewPasswordForm>
        )}
      </div>
    </div>
  );
}
