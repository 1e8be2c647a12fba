import { Link } from '@tanstack/react-router';
import { provinceSlugOf, type HomeCity } from '@/entities/city';
import { useTranslation } from '@/shared/i18n';
import { MODE_CONFIG, SELL_TYPE, municipalityListPath, type LandingMode } from '../model/landing-mode';
import styles from './landing-page.module.css';

const CITIES_SHOWN = 8;

interface FeaturedCitiesProps {
  mode: LandingMode;
  typeSlug?: string;
  cities: HomeCity[] | undefined;
}

export function FeaturedCities({ mode, typeSlug, cities }: FeaturedCitiesProps) {
  const { t } = useTranslation('landing');
  const { sellType, seeker } = MODE_CONFIG[mode];
  const countOf = (city: HomeCity) => (sellType === SELL_TYPE.SALE ? city.SaleCount : city.RentCount);
  const featured = [...(cities ?? [])]
    .filter((city) => countOf(city) > 0)
    .sort((a, b) => countOf(b) - countOf(a))
    .slice(0, CITIES_SHOWN);

  if (featured.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="landing-cities">
      <h2 id="landing-cities" className={styles.sectionTitle}>
        {t(`modes.${mode}.cities.title`)}
      </h2>
      <ul className={styles.cityGrid}>
        {featured.map((city) => {
          const content = (
            <>
              <span className={styles.cityName}>{city.Name}</span>
              <span className={styles.cityCount}>{t(`modes.${mode}.cities.count`, { count: countOf(city) })}</span>
            </>
          );
          return (
            <li key={city.Id}>
              {seeker ? (
                <Link
                  to={municipalityListPath(mode, typeSlug, provinceSlugOf(city))}
                  className={`${styles.city} ${styles.cityLink}`}
                  title={t(`modes.${mode}.cities.linkLabel`, { province: city.ProvinceName })}
                >
                  {content}
                </Link>
              ) : (
                <div className={styles.city}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
