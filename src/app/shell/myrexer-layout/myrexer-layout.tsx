import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import { USER_MENUS, userMenuTypeFor } from '../../config/menus';
import styles from './myrexer-layout.module.css';

/**
 * MyRexer's pages beside their menu: a column on a desktop, a row of tabs that scrolls on a
 * phone; the same entries as the account menu of the header, the current one marked.
 */
export function MyRexerLayout({ homeType }: { homeType: HomeType }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.layout}>
      <nav aria-label={t('account.menuLabel')} className={styles.menu} data-testid="myrexer-menu">
        <ul className={styles.list}>
          {USER_MENUS[userMenuTypeFor(homeType)].map((item) =>
            item.kind === 'link' ? (
              <li key={item.id}>
                <Link to={item.to} className={styles.item} activeOptions={{ exact: false }} activeProps={{ 'aria-current': 'page' }}>
                  {t(item.label)}
                </Link>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
