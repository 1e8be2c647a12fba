import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { autoLogin, decryptAnalyticsToken } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { modalStore } from '@/shared/lib/modal-store';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Stack } from '@/shared/ui/stack';
import { sameSitePath } from '@/shared/lib/site-url';
import styles from './account-pages.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface AutoLoginPageProps {
  /** 'crm': /login/LoginLink from the CRM; 'mail': /login/AutoLogin/{tokenparam} from a mail. */
  mode: 'crm' | 'mail';
  token?: string;
  /** A marketing link's analytics token: fills in the login form with the address it carries. */
  analyticsToken?: string;
  redirect?: string;
}

type Outcome = { kind: 'loggedIn'; termsPending: boolean } | { kind: 'email'; email: string } | { kind: 'invalid' };

async function run({ mode, token, analyticsToken }: AutoLoginPageProps): Promise<Outcome> {
  if (token) {
    const result = await autoLogin(mode, token);
    return result ? { kind: 'loggedIn', termsPending: !result.termsAndPrivacyConfirmed } : { kind: 'invalid' };
  }
  if (analyticsToken) {
    const email = await decryptAnalyticsToken(analyticsToken);
    return email ? { kind: 'email', email } : { kind: 'invalid' };
  }
  return { kind: 'invalid' };
}

/** Logs in from a single-use link, then goes on to where the link points (the profile by default). */
export function AutoLoginPage(props: AutoLoginPageProps) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { token, analyticsToken } = props;
  const target = sameSitePath(props.redirect) ?? '/myrexer/profilo';
  const result = useQuery({
    queryKey: ['account', 'auto-login', props.mode, token, analyticsToken],
    queryFn: () => run(props).catch((): Outcome => ({ kind: 'invalid' })),
    staleTime: Infinity,
    retry: false,
  });
  const outcome = result.data;

  useEffect(() => {
    if (!outcome || outcome.kind === 'invalid') return;
    void loadSessionRuntime().then((runtime) => {
      if (outcome.kind === 'email') {
        void navigate({ to: '/' }).then(() => runtime.openLogin({ email: outcome.email, redirectTo: target }));
        return;
      }
      runtime.adoptServerSession();
      if (outcome.termsPending) {
        void navigate({ to: '/' }).then(() => modalStore.open({ kind: 'terms' }));
        return;
      }
      void navigate({ href: target, replace: true });
    });
  }, [outcome, navigate, target]);

  return (
    <div className={styles.page}>
      <PageMeta title={t('autoLogin.meta')} noindex />
      <div className={styles.card} data-testid="auto-login" data-outcome={outcome?.kind ?? 'pending'}>
        <h1 className={styles.title}>{t('autoLogin.title')}</h1>
        {outcome?.kind === 'invalid' ? (
          <Stack gap={4}>
            <Alert tone="error">{t('autoLogin.invalid')}</Alert>
            <Button
              onClick={() => void loadSessionRuntime().then((runtime) => runtime.openLogin({ redirectTo: target }))}
            >
              {t('autoLogin.login')}
            </Button>
          </Stack>
        ) : (
          <Spinner label={t('autoLogin.working')} />
        )}
      </div>
    </div>
  );
}
