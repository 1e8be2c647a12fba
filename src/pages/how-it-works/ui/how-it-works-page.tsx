import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import {
  HOW_IT_WORKS_VARIANTS,
  VARIANT_CTA,
  asArray,
  isServiceKey,
  type HowItWorksVariant,
  type PathCard,
  type Step,
} from '../model/how-it-works-content';
import { ModeNav, Page } from '@/shared/ui/page';
import styles from './how-it-works-page.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

export interface HowItWorksPageProps {
  variant?: HowItWorksVariant;
}

const NAV_TARGETS = [
  { key: 'general', to: '/comefunziona' },
  ...HOW_IT_WORKS_VARIANTS.map((key) => ({ key, to: `/comefunziona/${key}` })),
] as const;

export function HowItWorksPage({ variant }: HowItWorksPageProps) {
  const { t } = useTranslation('how-it-works');
  const current = variant ?? 'general';
  const base = `variants.${current}`;
  const steps = asArray<Step>(t(`${base}.steps`, { returnObjects: true }));
  const paths = asArray<PathCard>(t(`${base}.paths`, { returnObjects: true }));
  const free = asArray<string>(t(`${base}.free`, { returnObjects: true }));
  const paid = asArray<string>(t(`${base}.paid`, { returnObjects: true })).filter(isServiceKey);
  const showsPaidSection = current === 'general' || current === 'vendocasa' || current === 'affittocasa';

  return (
    <Page
      width="wide"
      title={t(`${base}.title`)}
      intro={t(`${base}.intro`)}
      nav={
        <ModeNav
          label={t('nav.label')}
          current={current}
          items={NAV_TARGETS.map((target) => ({ key: target.key, to: target.to, label: t(`nav.${target.key}`) }))}
        />
      }
    >
      <PageMeta title={t(`${base}.metaTitle`)} description={t(`${base}.metaDescription`)} />

      {paths.length > 0 && (
        <section className={styles.section} aria-labelledby="hiw-paths">
          <h2 id="hiw-paths" className={styles.sectionTitle}>
            {t('sections.paths')}
          </h2>
          <ul className={styles.paths}>
            {paths.map((path) => (
              <li key={path.key}>
                <Link to={`/comefunziona/${path.key}`} className={styles.pathCard}>
                  <h3 className={styles.pathTitle}>{path.title}</h3>
                  <p className={styles.pathText}>{path.text}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {steps.length > 0 && (
        <section className={styles.section} aria-labelledby="hiw-steps">
          <h2 id="hiw-steps" className={styles.sectionTitle}>
            {t('sections.steps')}
          </h2>
          <ol className={styles.steps}>
            {steps.map((step) => (
              <li key={step.title} className={styles.step}>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.stepText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="hiw-free">
          <h2 id="hiw-free" className={styles.sectionTitle}>
            {t('sections.free')}
          </h2>
          <ul className={styles.checkList}>
            {free.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>

        <section className={styles.panel} aria-labelledby="hiw-paid">
          <h2 id="hiw-paid" className={styles.sectionTitle}>
            {t('sections.paid')}
          </h2>
          {showsPaidSection && paid.length > 0 ? (
            <>
              <p className={styles.note}>{t('sections.paidNote')}</p>
              <dl className={styles.services}>
                {paid.map((key) => (
                  <div key={key} className={styles.service}>
                    <dt className={styles.serviceName}>{t(`services.${key}.name`)}</dt>
                    <dd className={styles.serviceText}>{t(`services.${key}.text`)}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className={styles.note}>{t('sections.noPaid')}</p>
          )}
        </section>
      </div>

      {showsPaidSection && (
        <p className={styles.publication}>
          <strong>{t('services.publication.name')}</strong>{' '}
          <span className={styles.badge}>{t('sections.freeBadge')}</span> {t('services.publication.text')}
        </p>
      )}

      <div className={styles.actions}>
        {variant && (
          <Link to={VARIANT_CTA[variant]} className={buttonClassName()}>
            {t(`${base}.cta`)}
          </Link>
        )}
        <Link to={variant ? `/faq/${variant}` : '/faq'} className={styles.secondary}>
          {t('sections.faqLink')}
        </Link>
      </div>
    </Page>
  );
}
