import { lazy, Suspense } from 'react';
import { loadSessionRuntime, useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import styles from './account-menu.module.css';

// The logged-in menu loads only for logged-in visitors.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

/**
 * The header's account entry: "Accedi" for visitors, the logged-in user's menu by type
 * (docs/spec.md §2). Reads the session from the mirror cookie; the session machine loads
 * only when the visitor acts.
 */
export function AccountMenu({ homeType }: { homeType: HomeType }) {
  const { t } = useTranslation('common');
  const view = useSessionView();
  if (view.isLoggedIn) {
    return (
      <Suspense fallback={<span className={styles.avatar} aria-hidden="true" />}>
        <UserMenu homeType={homeType} />
      </Suspense>
    );
  }
  const pendingTerms = view.status === 'temporary';
  return (
    <button
      type="button"
      className={styles.login}
      data-testid="login-button"
      onClick={() =>
        void loadSessionRuntime().then((runtime) => {
          // A login left waiting for the terms starts again from the login.
          if (pendingTerms) runtime.send({ type: 'DECLINE_TERMS' });
          runtime.openLogin();
        })
      }
    >
      {t('account.login')}
    </button>
  );
}
