import { Link } from '@tanstack/react-router';
import { ContactForm } from '@/features/contact-form';
import { useTranslation } from '@/shared/i18n';
import styles from './house-of-music-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

interface TitledText {
  title: string;
  text: string;
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function HouseOfMusicPage() {
  const { t } = useTranslation('house-of-music');
  const why = asArray<string>(t('why.paragraphs', { returnObjects: true }));
  const steps = asArray<TitledText>(t('how.steps', { returnObjects: true }));
  const audiences = asArray<TitledText>(t('audiences.items', { returnObjects: true }));
  const rules = asArray<string>(t('rules.items', { returnObjects: true }));

  return (
    <div className={styles.page}>
      <PageMeta title={t('meta.title')} description={t('lead')} />
      <header className={styles.hero}>
        <div className={styles.inner}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>

      <div className={styles.inner}>
        <section className={styles.section} aria-labelledby="hom-why">
          <h2 id="hom-why" className={styles.sectionTitle}>
            {t('why.title')}
          </h2>
          {why.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </section>

        <section className={styles.section} aria-labelledby="hom-how">
          <h2 id="hom-how" className={styles.sectionTitle}>
            {t('how.title')}
          </h2>
          <ol className={styles.steps}>
            {steps.map((step) => (
              <li key={step.title} className={styles.step}>
                <h3 className={styles.cardTitle}>{step.title}</h3>
                <p className={styles.cardText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="hom-audiences">
          <h2 id="hom-audiences" className={styles.sectionTitle}>
            {t('audiences.title')}
          </h2>
          <ul className={styles.cards}>
            {audiences.map((audience) => (
              <li key={audience.title} className={styles.card}>
                <h3 className={styles.cardTitle}>{audience.title}</h3>
                <p className={styles.cardText}>{audience.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="hom-rules">
          <h2 id="hom-rules" className={styles.sectionTitle}>
            {t('rules.title')}
          </h2>
          <ul className={styles.rules}>
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>

        <section className={styles.apply} aria-labelledby="hom-apply">
          <h2 id="hom-apply" className={styles.sectionTitle}>
            {t('apply.title')}
          </h2>
          <p className={styles.paragraph}>{t('apply.text')}</p>
          <p className={styles.paragraph}>
            <Link to="/annuncio/vendocasa" className={styles.secondary}>
              {t('apply.secondary')}
            </Link>
          </p>
          <div className={styles.formPanel}>
            <h3 className={styles.cardTitle}>{t('apply.formTitle')}</h3>
            <ContactForm defaultSubject="other" />
          </div>
        </section>
      </div>
    </div>
  );
}
