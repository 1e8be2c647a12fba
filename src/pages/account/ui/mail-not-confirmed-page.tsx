import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { requestNewConfirmationMail } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { sameSitePath } from '@/shared/lib/site-url';
import styles from './account-pages.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface MailNotConfirmedPageProps {
  email: string;
  /** Arrived here right after the registration. */
  registered?: boolean;
  /** The confirmation token of a login refused with UserNotConfirmed: it lets us send the mail again. */
  token?: string;
  /** Where the visitor was going before registering. */
  redirect?: string;
}

/** /mailnonconfermata/{email}: the address still waits for its confirmation. */
export function MailNotConfirmedPage({ email, registered = false, token, redirect }: MailNotConfirmedPageProps) {
  const { t } = useTranslation('account');
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const send = async () => {
    if (!token) return;
    setResend('sending');
    setResend((await requestNewConfirmationMail(token).catch(() => false)) ? 'sent' : 'failed');
  };

  return (
    <div className={styles.page}>
      <PageMeta title={t('notConfirmed.meta')} noindex />
      <div className={styles.card} data-testid="mail-not-confirmed">
        <h1 className={styles.title}>{registered ? t('notConfirmed.registeredTitle') : t('notConfirmed.title')}</h1>
        <Stack gap={4}>
          <Text>{t('notConfirmed.sent', { email })}</Text>
          <Text tone="muted">{t('notConfirmed.spam')}</Text>
          {token && (
            <div>
              <Button
                variant="secondary"
                onClick={() => void send()}
                loading={resend === 'sending'}
                disabled={resend === 'sent'}
              >
                {t('notConfirmed.resend')}
              </Button>
            </div>
          )}
          {resend === 'sent' && (
            <Alert tone="success" live>
              {t('notConfirmed.resent', { email })}
            </Alert>
          )}
          {resend === 'failed' && (
            <Alert tone="error" live>
              {t('notConfirmed.resendFailed')}
            </Alert>
          )}
          {registered && sameSitePath(redirect) && <Link to={redirect}>{t('notConfirmed.continue')}</Link>}
        </Stack>
      </div>
    </div>
  );
}
