import type { TypeSlug } from '@/shared/config';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { provinceSlugOf } from '@/entities/city';
import { citiesQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import styles from './municipality-list-page.module.css';

const PROVINCES_SHOWN = 12;

interface OtherProvincesProps {
  mode: 'comprocasa' | 'trovocasa';
  typeSlug: TypeSlug;
  currentProvince: string;
}

/** Links to the busiest other provinces, so a visitor who picked the wrong one moves on in a click. */
export function OtherProvinces({ mode, typeSlug, currentProvince }: OtherProvincesProps) {
  const { t } = useTranslation('municipality-list');
  const sellType = mode === 'trovocasa' ? 2 : 1;
  const { data } = useQuery(citiesQueryOptions({ sellType }));
  if (!data) return null;

  const totals = new Map<string, { name: string; count: number }>();
  for (const city of data) {
    const slug = provinceSlugOf(city);
    if (slug === currentProvince) continue;
    const count = sellType === 1 ? city.SaleCount : city.RentCount;
    const entry = totals.get(slug) ?? { name: city.ProvinceName, count: 0 };
    entry.count += count;
    totals.set(slug, entry);
  }
  const provinces = [...totals.entries()]
    .filter(([, entry]) => entry.count > 0)
    .sort(([, a], [, b]) => b.count - a.count)
    .slice(0, PROVINCES_SHOWN);
  if (provinces.length === 0) return null;

  return (
    <nav className={styles.others} aria-labelledby="other-provinces">
      <h2 id="other-provinces" className={styles.othersTitle}>
        {t('otherProvinces.title')}
      </h2>
      <ul className={styles.othersList}>
        {provinces.map(([slug, entry]) => (
          <li key={slug}>
            <Link
              to={mode === 'comprocasa' ? '/comprocasa/$type/$provincia/comuni' : '/trovocasa/$type/$provincia/comuni'}
              params={{ type: typeSlug, provincia: slug }}
              className={styles.link}
            >
              {t('otherProvinces.label', { province: entry.name })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
