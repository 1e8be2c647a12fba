import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import { homePathOf } from '../config/home-paths';
import styles from './logo.module.css';

/** The brand mark, linking to the home of the visitor's mode. */
export function Logo({ homeType, className }: { homeType: HomeType; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to={homePathOf(homeType)}
      className={`${styles.logo} ${className ?? ''}`}
      aria-label={t('header.logoLabel')}
      data-testid="logo"
    >
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M8 16.5 16 10l8 6.5V24h-5.5v-5h-5v5H8z" fill="#fff" />
      </svg>
      <span className={styles.word} aria-hidden="true">
        {t('app.name')}
      </span>
    </Link>
  );
}
