import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { meQueryOptions } from '@/entities/account';
import { useUnreadCount } from '@/entities/message';
import { useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import { userMenuFor } from '../../config/menus';
import { UnreadBadge } from '../account-menu/unread-badge';
import styles from './myrexer-layout.module.css';

/**
 * MyRexer's pages beside their menu: a column on a desktop, a row of tabs that scrolls on a
 * phone; MyRexer's home, then the same entries as the account menu of the header, the current
 * one marked.
 */
export function MyRexerLayout({ homeType }: { homeType: HomeType }) {
  const { t } = useTranslation('common');
  const loggedIn = useSessionView().isLoggedIn;
  const unread = useUnreadCount(loggedIn) ?? 0;
  const isModerator = useQuery({ ...meQueryOptions(), enabled: loggedIn }).data?.IsModerator === true;
  return (
    <div className={styles.layout}>
      <nav aria-label={t('account.menuLabel')} className={styles.menu} data-testid="myrexer-menu">
        <ul className={styles.list}>
          {/* MyRexer's home first: what waits for the user (the header's account menu keeps the spec's entries). */}
          <li>
            <Link
              to="/myrexer"
              className={styles.item}
              activeOptions={{ exact: true }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {t('account.overview')}
            </Link>
          </li>
          {userMenuFor(homeType).map((item) =>
            item.kind === 'link' ? (
              <li key={item.id}>
                <Link
                  to={item.to}
                  className={styles.item}
                  activeOptions={{ exact: false }}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  {t(item.label)}
                  {item.id === 'messages' ? <UnreadBadge count={unread} className={styles.badge} /> : null}
                </Link>
              </li>
            ) : null,
          )}
          <li>
            <Link to="/myrexer/recensione" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
              {t('account.siteReview')}
            </Link>
          </li>
          {isModerator ? (
            <li>
              <Link to="/myrexer/moderazione" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
                {t('account.moderation')}
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
