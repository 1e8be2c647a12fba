import { isTypeSlug, type TypeSlug } from '@/shared/config';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n';
import { municipalitiesQueryOptions } from '../api/municipality-queries';
import { groupByInitial } from '../lib/group-by-initial';
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
  const groups = useMemo(() => groupByInitial(data?.Municipalities ?? []), [data]);

  const typeVars = t(`types.${isTypeSlug(typeSlug) ? typeSlug : 'case'}`, { returnObjects: true }) as Record<
    string,
    string
  >;
  const vars = { ...typeVars, province: data?.ProvinceName ?? provinceFromSlug(province) };
  const base = `modes.${mode}`;
  const total = data?.Municipalities.length ?? 0;

  return (
    <Page width="wide" title={t(`${base}.title`, vars)} intro={data ? t(`${base}.intro`) : undefined} headerId="municipality-top"
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
        ) : groups.length === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          <>
            <p className={styles.total}>{t('total', { count: total })}</p>
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
                <h2 className={styles.letter}>{group.letter}</h2>
                <ul className={styles.municipalities}>
                  {group.items.map((municipality) => (
                    <li key={municipality.Id} className={styles.municipality}>
                      <HrefLink href={municipality.Url} className={styles.link}>
                        {municipality.Name}
                      </HrefLink>
                      <span className={styles.count}>
                        {t(`${base}.count`, { count: municipality.ListingCount })}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}

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
