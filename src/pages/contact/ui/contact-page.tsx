import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ContactForm } from '@/features/contact-form';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import styles from './contact-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

export function ContactPage() {
  const { t } = useTranslation('contact');
  const id = useId();
  const config = useQuery(configQueryOptions());
  const phone = config.data?.ContactPhone;
  const email = config.data?.ContactEmail;
  const rawTips = t('tips.items', { returnObjects: true });
  const tips = Array.isArray(rawTips) ? (rawTips as string[]) : [];

  return (
    <Page width="wide" title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />

      <div className={styles.layout}>
        <section className={styles.formPanel} aria-labelledby={`${id}-form`}>
          <h2 id={`${id}-form`} className={styles.panelTitle}>
            {t('formTitle')}
          </h2>
          <ContactForm />
        </section>

        <aside className={styles.aside}>
          <section className={styles.box} aria-labelledby={`${id}-channels`}>
            <h2 id={`${id}-channels`} className={styles.boxTitle}>
              {t('channels.title')}
            </h2>
            {phone || email ? (
              <dl className={styles.channels}>
                {phone ? (
                  <div>
                    <dt>{t('channels.phone')}</dt>
                    <dd>
                      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={styles.link}>
                        {phone}
                      </a>
                    </dd>
                  </div>
                ) : null}
                {email ? (
                  <div>
                    <dt>{t('channels.email')}</dt>
                    <dd>
                      <a href={`mailto:${email}`} className={styles.link}>
                        {email}
                      </a>
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : config.isPending ? null : (
              <p className={styles.muted}>{t('channels.unavailable')}</p>
            )}
          </section>

          <section className={styles.box} aria-labelledby={`${id}-tips`}>
            <h2 id={`${id}-tips`} className={styles.boxTitle}>
              {t('tips.title')}
            </h2>
            <ul className={styles.tips}>
              {tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
            <Link to="/faq" className={styles.link}>
              {t('tips.faqLink')}
            </Link>
          </section>
        </aside>
      </div>
    </Page>
  );
}
