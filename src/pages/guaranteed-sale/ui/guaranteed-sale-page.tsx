import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { catalogueQueryOptions, formatEuroCents } from '@/features/buy-service';
import { useTranslation } from '@/shared/i18n';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';
import styles from './guaranteed-sale-page.module.css';

/** Sold guaranteed in the catalogue (service_products id 3). */
const SOLD_GUARANTEED_ID = 3;

interface Item {
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

/**
 * /vendutogarantito: the sold-guaranteed service for sellers: what it is, its price from the
 * catalogue, what it includes, how it works step by step, the questions sellers ask, and the
 * way into the sale listing, where it is chosen at the end (or later from My listings).
 */
export function GuaranteedSalePage() {
  const { t } = useTranslation('guaranteed-sale');
  const catalogue = useQuery(catalogueQueryOptions());
  const product = catalogue.data?.ServiceProducts.find((item) => item.Id === SOLD_GUARANTEED_ID);
  const price = product ? formatEuroCents(product.PriceCents) : null;
  const vars = { price: price ?? '' };
  const included = asArray<Item>(t('included.items', { returnObjects: true }));
  const steps = asArray<Item>(t('steps.items', { returnObjects: true }));
  // The cost is asked first, when the catalogue has answered with it.
  const cost = price ? [t('faq.cost', { returnObjects: true, ...vars }) as QuestionAnswer] : [];
  const faq = [...cost, ...asArray<QuestionAnswer>(t('faq.items', { returnObjects: true }))];

  return (
    <div className={styles.page}>
      <PageMeta
        title={t('meta.title')}
        description={price ? t('meta.description', vars) : t('meta.descriptionWithoutPrice')}
      />

      <section className={styles.hero} aria-labelledby="guaranteed-title">
        <div className={`${styles.inner} ${styles.heroInner}`}>
          <div>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="guaranteed-title" className={styles.title}>
              {t('hero.title')}
            </h1>
            <p className={styles.subtitle}>{t('hero.subtitle')}</p>
            <div className={styles.actions}>
              <Link to="/annuncio/vendocasa" className={buttonClassName({ size: 'large' })}>
                {t('hero.cta')}
              </Link>
              <a href="#come-funziona" className={buttonClassName({ variant: 'secondary', size: 'large' })}>
                {t('hero.how')}
              </a>
            </div>
          </div>
          <aside className={styles.priceCard} aria-labelledby="guaranteed-price" data-testid="guaranteed-price">
            <h2 id="guaranteed-price" className={styles.priceLabel}>
              {t('price.label')}
            </h2>
            {price ? (
              <>
                <p className={styles.price}>{price}</p>
                <p className={styles.priceNote}>{t('price.note')}</p>
              </>
            ) : (
              <p className={styles.priceNote}>{t(catalogue.isPending ? 'price.loading' : 'price.unavailable')}</p>
            )}
            <p className={styles.promise}>{t('price.promise')}</p>
          </aside>
        </div>
      </section>

      <div className={styles.inner}>
        <section className={styles.section} aria-labelledby="guaranteed-included">
          <h2 id="guaranteed-included" className={styles.sectionTitle}>
            {t('included.title')}
          </h2>
          <ul className={styles.included}>
            {included.map((item) => (
              <li key={item.title} className={styles.card}>
                <h3 className={styles.cardTitle}>{item.title}</h3>
                <p className={styles.cardText}>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="come-funziona-title" id="come-funziona">
          <h2 id="come-funziona-title" className={styles.sectionTitle}>
            {t('steps.title')}
          </h2>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={styles.stepTitle}>{step.title}</h3>
                  <p className={styles.stepText}>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="guaranteed-faq">
          <h2 id="guaranteed-faq" className={styles.sectionTitle}>
            {t('faq.title')}
          </h2>
          <div className={styles.faq}>
            {faq.map((item) => (
              <details key={item.q} className={styles.faqItem}>
                <summary className={styles.faqQuestion}>{item.q}</summary>
                <p className={styles.faqAnswer}>{item.a}</p>
              </details>
            ))}
          </div>
          <Link to="/faq/vendocasa" className={styles.textLink}>
            {t('faq.more')}
          </Link>
        </section>

        <section className={styles.final} aria-labelledby="guaranteed-final">
          <h2 id="guaranteed-final" className={styles.finalTitle}>
            {t('final.title')}
          </h2>
          <p className={styles.finalText}>{t('final.text')}</p>
          <div className={styles.actions}>
            <Link to="/annuncio/vendocasa" className={buttonClassName({ size: 'large' })}>
              {t('final.cta')}
            </Link>
            <Link to="/valutocasa" className={buttonClassName({ variant: 'secondary', size: 'large' })}>
              {t('final.secondary')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
