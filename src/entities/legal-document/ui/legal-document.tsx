import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { configQueryOptions, downloadUrl, downloadsQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { findLegalDownload, formatFileSize, type LegalKind, type LegalSection } from '../model/legal-kind';
import styles from './legal-document.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

const dateFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long' });

/** The full text of the terms or of the privacy notice, with its PDF. */
export function LegalDocument({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('legal');
  const downloads = useQuery(downloadsQueryOptions());
  const config = useQuery(configQueryOptions());
  const raw = t(`${kind}.sections`, { returnObjects: true });
  const sections = Array.isArray(raw) ? (raw as LegalSection[]) : [];
  const pdf = downloads.data ? findLegalDownload(downloads.data, kind) : undefined;
  const updatedAt = pdf?.UpdatedAt ? new Date(pdf.UpdatedAt) : null;
  const email = config.data?.ContactEmail;

  return (
    <div className={styles.page}>
      <PageMeta title={t(`${kind}.metaTitle`)} description={t(`${kind}.metaDescription`)} />
      <div className={styles.inner}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t(`${kind}.title`)}</h1>
          <p className={styles.intro}>{t(`${kind}.intro`)}</p>
          <div className={styles.download}>
            {pdf ? (
              <>
                <a
                  href={pdf.Url || downloadUrl(pdf.Id)}
                  className={styles.downloadLink}
                  download={pdf.FileName}
                  type={pdf.ContentType}
                >
                  {t('download.label')}
                </a>
                <span className={styles.muted}>
                  {t('download.details', { size: formatFileSize(pdf.SizeBytes) })}
                  {updatedAt && !Number.isNaN(updatedAt.getTime())
                    ? ` · ${t('download.updated', { date: dateFormat.format(updatedAt) })}`
                    : null}
                </span>
              </>
            ) : downloads.isError || (downloads.isSuccess && !pdf) ? (
              <span className={styles.muted}>{t('download.unavailable')}</span>
            ) : null}
          </div>
        </header>

        <nav aria-labelledby={`${kind}-toc`} className={styles.toc}>
          <h2 id={`${kind}-toc`} className={styles.tocTitle}>
            {t('toc')}
          </h2>
          <ol className={styles.tocList}>
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${kind}-${index + 1}`} className={styles.link}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((section, index) => (
          <section key={section.title} id={`${kind}-${index + 1}`} className={styles.section}>
            <h2 className={styles.sectionTitle}>{section.title}</h2>
            {section.list ? (
              <ul className={styles.list}>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </section>
        ))}

        <aside className={styles.contact} aria-labelledby={`${kind}-contact`}>
          <h2 id={`${kind}-contact`} className={styles.contactTitle}>
            {t('contactBox.title')}
          </h2>
          <p className={styles.paragraph}>
            {email ? (
              <>
                <a href={`mailto:${email}`} className={styles.link}>
                  {t('contactBox.email', { email })}
                </a>{' '}
              </>
            ) : null}
            <Link to="/contatti" className={styles.link}>
              {t('contactBox.page')}
            </Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
