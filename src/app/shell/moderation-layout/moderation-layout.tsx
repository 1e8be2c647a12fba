import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import styles from './moderation-layout.module.css';

/** MyRexer's moderation: its two queues (the agencies' reviews, the reviews of Rexer) as tabs above each. */
export function ModerationLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <nav aria-label={t('moderation.tabsLabel')} className={styles.tabs}>
        <Link
          to="/myrexer/moderazione"
          className={styles.tab}
          activeOptions={{ exact: true }}
          activeProps={{ 'aria-current': 'page' }}
        >
          {t('moderation.agencies')}
        </Link>
        <Link to="/myrexer/moderazione/rexer" className={styles.tab} activeProps={{ 'aria-current': 'page' }}>
          {t('moderation.rexer')}
        </Link>
      </nav>
      <Outlet />
    </>
  );
}
