import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { agenciesQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { agenciesInCityQueryOptions } from '../api/agency-queries';
import { Page } from '@/shared/ui/page';
import styles from './agencies-page.module.css';
import { AgencyCard } from './agency-card';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

export interface AgenciesPageProps {
  mode?: 'comprocasa' | 'vendocasa';
}

const collator = new Intl.Collator('it', { sensitivity: 'base' });

export function AgenciesPage({ mode = 'comprocasa' }: AgenciesPageProps) {
  const { t } = useTranslation('agencies');
  const id = useId();
  const [city, setCity] = useState('');
  const { data: all } = useSuspenseQuery(agenciesQueryOptions());
  const filtered = useQuery({
    ...agenciesInCityQueryOptions(city),
    enabled: city !== '',
    placeholderData: keepPreviousData,
  });

  const cities = useMemo(
    () =>
      [...new Set(all.map((agency) => agency.CityName).filter((name): name is string => Boolean(name)))].sort(
        collator.compare,
      ),
    [all],
  );
  const agencies = city ? (filtered.data ?? []) : all;
  const base = `modes.${mode}`;

  return (
    <Page width="wide" title={t(`${base}.title`)} intro={t(`${base}.intro`)}>
      <PageMeta title={t(`${base}.metaTitle`)} description={t(`${base}.metaDescription`)} />

      {all.length === 0 ? (
        <p className={styles.status}>{t('emptyAll')}</p>
      ) : (
        <>
          <form className={styles.filter} role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={`${id}-city`} className={styles.label}>
              {t('filter.label')}
            </label>
            <select
              id={`${id}-city`}
              className={styles.select}
              value={city}
              onChange={(event) => setCity(event.target.value)}
            >
              <option value="">{t('filter.all')}</option>
              {cities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </form>

          <p className={styles.count} role="status" aria-live="polite">
            {city
              ? filtered.isError
                ? t('loadError')
                : filtered.isPending
                  ? ''
                  : t('countIn', { count: agencies.length, city })
              : t('count', { count: agencies.length })}
          </p>

          {agencies.length === 0 && !filtered.isPending && !filtered.isError ? (
            <p className={styles.status}>{t('empty')}</p>
          ) : (
            <ul className={styles.grid} aria-busy={filtered.isFetching || undefined}>
              {agencies.map((agency) => (
                <li key={agency.Id}>
                  <AgencyCard agency={agency} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <p className={styles.note}>{t('note')}</p>

      <aside className={styles.diy} aria-labelledby={`${id}-diy`}>
        <h2 id={`${id}-diy`} className={styles.diyTitle}>
          {t('diy.title')}
        </h2>
        <Link to={mode === 'vendocasa' ? '/annuncio/vendocasa' : '/comprocasa'} className={buttonClassName()}>
          {t(`diy.${mode}`)}
        </Link>
      </aside>
    </Page>
  );
}
