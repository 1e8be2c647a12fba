import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FAQ_VARIANTS, type FaqItem, type FaqVariant } from '../model/faq-variant';
import styles from './faq-page.module.css';
import { buttonClassName } from '@/shared/ui/button';

export interface FaqPageProps {
  variant?: FaqVariant;
}

const NAV_TARGETS = [
  { key: 'general', to: '/faq' },
  ...FAQ_VARIANTS.map((key) => ({ key, to: `/faq/${key}` })),
] as const;

export function FaqPage({ variant }: FaqPageProps) {
  const { t } = useTranslation('faq');
  const current = variant ?? 'general';
  const items = t(`variants.${current}.items`, { returnObjects: true }) as FaqItem[];
  const idPrefix = useId();

  return (
    <div className={styles.page}>
      <title>{t(`variants.${current}.metaTitle`)}</title>
      <div className={styles.inner}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t(`variants.${current}.title`)}</h1>
          <p className={styles.intro}>{t(`variants.${current}.intro`)}</p>
        </header>

        <nav aria-label={t('nav.label')} className={styles.nav}>
          <ul className={styles.navList}>
            {NAV_TARGETS.map((target) => (
              <li key={target.key}>
                <Link
                  to={target.to}
                  className={styles.navLink}
                  // Exact matching: the general tab is not also marked on a mode's page.
                  activeOptions={{ exact: true }}
                  aria-current={target.key === current ? 'page' : undefined}
                >
                  {t(`nav.${target.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <p className={styles.hint}>{t('expandHint')}</p>
        <div className={styles.list}>
          {Array.isArray(items) &&
            items.map((item, index) => (
              <details key={item.q} className={styles.item}>
                <summary className={styles.question} id={`${idPrefix}-q${index}`}>
                  {item.q}
                </summary>
                <p className={styles.answer}>{item.a}</p>
              </details>
            ))}
        </div>

        <aside className={styles.more} aria-labelledby={`${idPrefix}-more`}>
          <h2 id={`${idPrefix}-more`} className={styles.moreTitle}>
            {t('more.title')}
          </h2>
          <p className={styles.moreText}>{t('more.text')}</p>
          <div className={styles.actions}>
            <Link to="/contatti" className={buttonClassName()}>
              {t('more.cta')}
            </Link>
            <Link to={variant ? `/comefunziona/${variant}` : '/comefunziona'} className={styles.secondary}>
              {t('more.howItWorks')}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
