import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SearchPlaceBox } from '@/features/search-place';
import { citiesQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { MODE_CONFIG, isTypeSlug, type LandingMode } from '../model/landing-mode';
import { CityPicker } from './city-picker';
import { FeaturedCities } from './featured-cities';
import { LatestListings } from './latest-listings';
import styles from './landing-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface LandingPageProps {
  mode: LandingMode;
  typeSlug?: string;
}

interface Step {
  title: string;
  text: string;
}

interface QuestionAnswer {
  q: string;
  a: string;
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function LandingPage({ mode, typeSlug }: LandingPageProps) {
  const { t } = useTranslation('landing');
  const config = MODE_CONFIG[mode];
  const base = `modes.${mode}`;
  const typed = isTypeSlug(typeSlug);
  const typeVars = typed ? (t(`types.${typeSlug}`, { returnObjects: true }) as Record<string, string>) : {};
  const cities = useQuery(citiesQueryOptions({ sellType: config.sellType }));
  const steps = asArray<Step>(t(`${base}.steps.items`, { returnObjects: true }));
  const faq = asArray<QuestionAnswer>(t(`${base}.faq.items`, { returnObjects: true }));

  return (
    <div className={styles.page}>
      <PageMeta
        title={typed ? t(`${base}.metaTitleTyped`, typeVars) : t(`${base}.metaTitle`)}
        description={typed ? t(`${base}.metaDescriptionTyped`, typeVars) : t(`${base}.metaDescription`)}
      />

      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={`${styles.inner} ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t(`${base}.eyebrow`)}</p>
            <h1 id="landing-title" className={styles.title}>
              {typed ? t(`${base}.titleTyped`, typeVars) : t(`${base}.title`)}
            </h1>
            <p className={styles.subtitle}>{t(`${base}.subtitle`)}</p>
            <SearchPlaceBox
              className={styles.heroSearch}
              sellType={config.sellType}
              typeSlug={typed ? typeSlug : undefined}
            />
            {!config.seeker && (
              <div className={styles.actions}>
                <Link to={config.primaryTo} className={styles.button}>
                  {t(`${base}.ctaPrimary`)}
                </Link>
                <Link to={config.secondaryTo} className={styles.secondaryButton}>
                  {t(`${base}.ctaSecondary`)}
                </Link>
              </div>
            )}
          </div>
          {config.seeker ? (
            <CityPicker mode={mode} typeSlug={typeSlug} cities={cities.data} isLoading={cities.isPending} />
          ) : (
            // Owners get what Rexer does for them beside the title, where seekers get the search.
            <aside className={styles.promise} aria-labelledby="landing-promise" data-testid="landing-promise">
              <h2 id="landing-promise" className={styles.promiseTitle}>
                {t(`${base}.promise.title`)}
              </h2>
              <ul className={styles.promiseList}>
                {asArray<Step>(t(`${base}.promise.items`, { returnObjects: true })).map((item) => (
                  <li key={item.title} className={styles.promiseItem}>
                    <span className={styles.promiseMark} aria-hidden="true">
                      ✓
                    </span>
                    <span>
                      <strong className={styles.promiseItemTitle}>{item.title}</strong>
                      <span className={styles.promiseItemText}>{item.text}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </aside>
          )}
        </div>
      </section>

      <div className={styles.inner}>
        <LatestListings mode={mode} />

        <FeaturedCities mode={mode} typeSlug={typeSlug} cities={cities.data} />

        <section className={styles.section} aria-labelledby="landing-steps">
          <h2 id="landing-steps" className={styles.sectionTitle}>
            {t(`${base}.steps.title`)}
          </h2>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.stepText}>{step.text}</p>
              </li>
            ))}
          </ol>
          <Link to={`/comefunziona/${mode}`} className={styles.textLink}>
            {t(`${base}.steps.link`)}
          </Link>
        </section>

        <section className={styles.section} aria-labelledby="landing-faq">
          <h2 id="landing-faq" className={styles.sectionTitle}>
            {t(`${base}.faq.title`)}
          </h2>
          <div className={styles.faq}>
            {faq.map((item) => (
              <details key={item.q} className={styles.faqItem}>
                <summary className={styles.faqQuestion}>{item.q}</summary>
                <p className={styles.faqAnswer}>{item.a}</p>
              </details>
            ))}
          </div>
          <Link to={`/faq/${mode}`} className={styles.textLink}>
            {t(`${base}.faq.link`)}
          </Link>
        </section>

        <section className={styles.final} aria-labelledby="landing-final">
          <h2 id="landing-final" className={styles.finalTitle}>
            {t(`${base}.final.title`)}
          </h2>
          <p className={styles.finalText}>{t(`${base}.final.text`)}</p>
          <div className={styles.finalActions}>
            <Link to={config.finalTo} className={styles.button}>
              {t(`${base}.final.cta`)}
            </Link>
            <Link to={config.finalSecondaryTo} className={styles.finalSecondary}>
              {t(`${base}.final.secondary`)}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
