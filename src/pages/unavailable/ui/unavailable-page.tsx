import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import styles from './unavailable-page.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

export interface UnavailablePageProps {
  /** A key of `unavailable:areas` (e.g. "search") or, failing that, the area's name as shown. */
  area: string;
}

const LANDINGS = ['comprocasa', 'vendocasa', 'affittocasa', 'trovocasa'] as const;

export function UnavailablePage({ area }: UnavailablePageProps) {
  const { t, i18n } = useTranslation('unavailable');
  const id = useId();
  const config = useQuery(configQueryOptions());
  const phone = config.data?.ContactPhone;
  const email = config.data?.ContactEmail;
  const areaName = i18n.exists(`areas.${area}`, { ns: 'unavailable' }) ? t(`areas.${area}`) : area;

  return (
    <div className={styles.page}>
      <PageMeta title={t('metaTitle', { area: areaName })} noindex />
      <div className={styles.inner}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('title', { area: areaName })}</h1>
          <p className={styles.text}>{t('text', { area: areaName })}</p>
        </header>

        <section aria-labelledby={`${id}-options`}>
          <h2 id={`${id}-options`} className={styles.sectionTitle}>
            {t('options.title')}
          </h2>
          <ul className={styles.options}>
            <li className={styles.option}>
              <h3 className={styles.optionTitle}>{t('options.contact.title')}</h3>
              <p className={styles.optionText}>{t('options.contact.text')}</p>
              <Link to="/contatti" className={buttonClassName()}>
                {t('options.contact.cta')}
              </Link>
              {email ? <p className={styles.small}>{t('emailLine', { email })}</p> : null}
            </li>
            <li className={styles.option}>
              <h3 className={styles.optionTitle}>{t('options.phone.title')}</h3>
              <p className={styles.optionText}>{t('options.phone.text')}</p>
              {phone ? (
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={buttonClassName()}>
                  {t('options.phone.call', { phone })}
                </a>
              ) : (
                <p className={styles.small}>{t('options.phone.noPhone')}</p>
              )}
            </li>
            <li className={styles.option}>
              <h3 className={styles.optionTitle}>{t('options.landings.title')}</h3>
              <p className={styles.optionText}>{t('options.landings.text')}</p>
              <ul className={styles.landingLinks}>
                {LANDINGS.map((landing) => (
                  <li key={landing}>
                    <Link to={`/${landing}`} className={styles.link}>
                      {t(`landings.${landing}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          </ul>
        </section>

        <p className={styles.home}>
          <Link to="/" className={styles.link}>
            {t('home')}
          </Link>
        </p>
      </div>
    </div>
  );
}
