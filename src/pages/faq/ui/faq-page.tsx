import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from '@/shared/i18n';
import { FAQ_VARIANTS, type FaqItem, type FaqVariant } from '../model/faq-variant';
import { ModeNav, Page } from '@/shared/ui/page';
import styles from './faq-page.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

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
    <Page
      width="narrow"
      title={t(`variants.${current}.title`)}
      intro={t(`variants.${current}.intro`)}
      nav={
        <ModeNav
          label={t('nav.label')}
          current={current}
          items={NAV_TARGETS.map((target) => ({ key: target.key, to: target.to, label: t(`nav.${target.key}`) }))}
        />
      }
    >
      <PageMeta title={t(`variants.${current}.metaTitle`)} description={t(`variants.${current}.metaDescription`)} />

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
    </Page>
  );
}
