import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import styles from './about-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

interface Section {
  title: string;
  paragraphs: string[];
}

interface Principle {
  title: string;
  text: string;
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function AboutPage() {
  const { t } = useTranslation('about');
  const sections = asArray<Section>(t('sections', { returnObjects: true }));
  const principles = asArray<Principle>(t('principles.items', { returnObjects: true }));

  return (
    <Page
      width="narrow"
      title={t('title')}
      headerExtra={
        <>
          <p className={styles.lead}>{t('lead')}</p>
        </>
      }
    >
      <PageMeta title={t('meta.title')} description={t('meta.description')} />

      {sections.map((section) => (
        <section key={section.title} className={styles.section}>
          <h2 className={styles.sectionTitle}>{section.title}</h2>
          {asArray<string>(section.paragraphs).map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}

      <section className={styles.section} aria-labelledby="about-principles">
        <h2 id="about-principles" className={styles.sectionTitle}>
          {t('principles.title')}
        </h2>
        <ul className={styles.principles}>
          {principles.map((principle) => (
            <li key={principle.title} className={styles.principle}>
              <h3 className={styles.principleTitle}>{principle.title}</h3>
              <p className={styles.principleText}>{principle.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <nav aria-labelledby="about-links" className={styles.links}>
        <h2 id="about-links" className={styles.sectionTitle}>
          {t('links.title')}
        </h2>
        <ul className={styles.linkList}>
          <li>
            <Link to="/comefunziona">{t('links.howItWorks')}</Link>
          </li>
          <li>
            <Link to="/diconodinoi">{t('links.reviews')}</Link>
          </li>
          <li>
            <Link to="/houseofmusic">{t('links.houseOfMusic')}</Link>
          </li>
          <li>
            <Link to="/contatti">{t('links.contact')}</Link>
          </li>
        </ul>
      </nav>
    </Page>
  );
}
