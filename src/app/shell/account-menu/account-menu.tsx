import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { loadSessionRuntime, useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { HOME_TYPE, type HomeType } from '@/shared/lib/home-type';
import styles from './account-menu.module.css';

// The logged-in menu loads only for logged-in visitors.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

/** Pages of people looking for a home: the ones where a visitor saves favourites. */
const SEEKER_TYPES: readonly HomeType[] = [HOME_TYPE.UNDEFINED, HOME_TYPE.BUYER, HOME_TYPE.RENTER];

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
  const login = (
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
  // A visitor saves favourites without an account (kept on the device): the heart leads to them,
  // as the logged-in menu's "Preferiti" does.
  if (!SEEKER_TYPES.includes(homeType)) return login;
  return (
    <span className={styles.visitor}>
      <Link
        to="/myrexer/preferiti"
        className={styles.favourites}
        data-testid="favourites-link"
        aria-label={t('account.favouritesLink')}
        title={t('account.favouritesLink')}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.6 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </Link>
      {login}
    </span>
  );
}
