import { isTypeSlug, type TypeSlug } from '@/shared/config';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n';
import { municipalitiesQueryOptions } from '../api/municipality-queries';
import { splitByListings } from '../lib/split-by-listings';
import { Page } from '@/shared/ui/page';
import styles from './municipality-list-page.module.css';
import { OtherProvinces } from './other-provinces';
import { PageMeta } from '@/shared/ui/page-meta';
import { HrefLink } from '@/shared/ui/href-link';

export interface MunicipalityListPageProps {
  mode: 'comprocasa' | 'trovocasa';
  typeSlug: TypeSlug;
  province: string;
}

function provinceFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function MunicipalityListPage({ mode, typeSlug, province }: MunicipalityListPageProps) {
  const { t } = useTranslation('municipality-list');
  const sellType = mode === 'trovocasa' ? 2 : 1;
  const { data } = useSuspenseQuery(municipalitiesQueryOptions({ province, sellType }));
  // The towns with listings, the main town first, then by how many they have; the others apart, by initial.
  const { ranked, groups, withoutCount } = useMemo(() => splitByListings(data?.Municipalities ?? []), [data]);

  const typeVars = t(`types.${isTypeSlug(typeSlug) ? typeSlug : 'case'}`, { returnObjects: true }) as Record<
    string,
    string
  >;
  const vars = { ...typeVars, province: data?.ProvinceName ?? provinceFromSlug(province) };
  const base = `modes.${mode}`;
  const total = data?.Municipalities.length ?? 0;

  return (
    <Page
      width="wide"
      title={t(`${base}.title`, vars)}
      intro={data ? t(`${base}.intro`) : undefined}
      headerId="municipality-top"
      top={
        <p className={styles.back}>
          <Link to={`/${mode}`} className={styles.link}>
            ← {t(`${base}.back`)}
          </Link>
        </p>
      }
    >
      <PageMeta title={t(`${base}.metaTitle`, vars)} description={t(`${base}.metaDescription`, vars)} />

      {!data ? (
        <p className={styles.empty} role="status">
          {t('notFound')}
        </p>
      ) : (
        <>
          <p className={styles.total}>{t('total', { count: total })}</p>
          <section aria-labelledby="municipalities-with-listings" className={styles.section}>
            <h2 id="municipalities-with-listings" className={styles.sectionTitle}>
              {t('withListings', { count: ranked.length })}
            </h2>
            {ranked.length === 0 ? (
              <p className={styles.empty}>{t('empty')}</p>
            ) : (
              <ol className={styles.municipalities} data-testid="municipalities-with-listings">
                {ranked.map((municipality) => (
                  <li key={municipality.Id} className={styles.municipality}>
                    <span className={styles.name}>
                      <HrefLink href={municipality.Url} className={styles.link}>
                        {municipality.Name}
                      </HrefLink>
                      {municipality.IsMainTown ? <span className={styles.mainTown}>{t('mainTown')}</span> : null}
                    </span>
                    <span className={styles.count}>{t(`${base}.count`, { count: municipality.ListingCount })}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>

          {groups.length > 0 ? (
            <section aria-labelledby="municipalities-without-listings" className={styles.section}>
              <h2 id="municipalities-without-listings" className={styles.sectionTitle}>
                {t('withoutListings', { count: withoutCount })}
              </h2>
              <p className={styles.sectionIntro}>{t(`${base}.withoutListingsIntro`)}</p>
              <nav aria-label={t('lettersLabel')} className={styles.letters}>
                <ul className={styles.letterList}>
                  {groups.map((group) => (
                    <li key={group.letter}>
                      <a href={`#letter-${group.letter}`} className={styles.letterLink}>
                        {group.letter}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              {groups.map((group) => (
                <section
                  key={group.letter}
                  id={`letter-${group.letter}`}
                  className={styles.group}
                  aria-label={t('letterHeading', { letter: group.letter })}
                >
                  <h3 className={styles.letter}>{group.letter}</h3>
                  <ul className={styles.names}>
                    {group.items.map((municipality) => (
                      <li key={municipality.Id}>
                        <HrefLink href={municipality.Url} className={styles.quietLink}>
                          {municipality.Name}
                        </HrefLink>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </section>
          ) : null}

          <p>
            <a href="#municipality-top" className={styles.link}>
              {t('backToTop')}
            </a>
          </p>
        </>
      )}

      <OtherProvinces mode={mode} typeSlug={typeSlug} currentProvince={province} />
    </Page>
  );
}
