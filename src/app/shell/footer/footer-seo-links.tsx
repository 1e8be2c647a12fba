import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { footerLinksQueryOptions, type FooterLinks } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { FOOTER_SEO_ID } from './deferred-footer-seo-links';
import styles from './footer.module.css';

type Province = FooterLinks['Sale'][number];

/**
 * Sale and rent links by province with their main cities (docs/spec.md §2). Collapsed by
 * default (a `<details>` a visitor can open); open on the map-search pages.
 */
export function FooterSeoLinks({ expanded }: { expanded: boolean }) {
  const { t } = useTranslation('common');
  // Not in the page's hydration data (NOT_DEHYDRATED): in the browser the section waits for them
  // (its server HTML showing meanwhile); the server rendered with them.
  const links = useSuspenseQuery(footerLinksQueryOptions());
  if (links.data.Sale.length === 0 && links.data.Rent.length === 0) return null;

  return (
    <section
      id={FOOTER_SEO_ID}
      className={styles.seo}
      aria-labelledby="footer-seo-title"
      data-testid="footer-seo"
      data-expanded={expanded}
    >
      <div className={styles.inner}>
        <h2 id="footer-seo-title" className={styles.seoTitle}>
          {t('footer.seo.title')}
        </h2>
        <div className={styles.seoGroups}>
          {(
            [
              ['sale', links.data.Sale],
              ['rent', links.data.Rent],
            ] as const
          ).map(([kind, provinces]) =>
            provinces.length === 0 ? null : (
              // The key remounts the element when the page's mode changes, so `open` applies again.
              <details key={`${kind}-${expanded}`} open={expanded} className={styles.seoGroup} data-seo-group={kind}>
                <summary className={styles.seoSummary}>{t(`footer.seo.${kind}`)}</summary>
                <ul className={styles.provinces}>
                  {provinces.map((province) => (
                    <ProvinceLinks key={province.ProvinceCode} province={province} />
                  ))}
                </ul>
              </details>
            ),
          )}
        </div>
      </div>
    </section>
  );
}

function ProvinceLinks({ province }: { province: Province }) {
  const { t } = useTranslation('common');
  return (
    <li className={styles.province}>
      <SeoLink href={province.Url} className={styles.provinceLink}>
        {t('footer.seo.province', { name: province.ProvinceName, count: province.ListingCount })}
      </SeoLink>
      {province.Cities.length > 0 ? (
        <ul className={styles.cities}>
          {province.Cities.map((city) => (
            <li key={city.Url}>
              <SeoLink href={city.Url} className={styles.cityLink}>
                {t('footer.seo.city', { name: city.Name, count: city.ListingCount })}
              </SeoLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The API gives ready-made same-origin paths; the router resolves them like any URL. */
function SeoLink({ href, className, children }: { href: string; className: string; children: React.ReactNode }) {
  if (!href.startsWith('/')) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href as never} className={className}>
      {children}
    </Link>
  );
}
