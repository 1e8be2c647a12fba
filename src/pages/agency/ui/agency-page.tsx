import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { searchPath } from '@domain/search';
import { ListingCard } from '@/entities/listing';
import { AgencyReviews } from '@/features/agency-reviews';
import { FavoriteToggle } from '@/features/toggle-favorite';
import type { TypeSlug } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { useSiteOrigin } from '@/shared/lib/site-url';
import { buttonClassName } from '@/shared/ui/button';
import { detailLayout } from '@/shared/ui/detail-layout';
import { HrefLink } from '@/shared/ui/href-link';
import { PageMeta } from '@/shared/ui/page-meta';
import {
  agencyListingsQueryOptions,
  agencyPageQueryOptions,
  agencySearch,
  type AgencyPage as Agency,
} from '../api/agency-page-api';
import { addressLine, agencyJsonLd, agencyMetaDescription, agencyMetaTitle, formatRating } from '../model/agency-text';
import { AgencyMap } from './agency-map';
import { ContactAgency } from './contact-agency';
import { PhoneReveal } from './phone-reveal';
import styles from './agency-page.module.css';

export interface AgencyPageProps {
  slug: string;
  /** The property-type slug of `/agenzie/{name}/{type}`: only the agency's listings of that type. */
  type?: TypeSlug;
}

/** An agency's own page (`/agenzie/{slug}[/{type}]`): who it is, where, its phone on request, its listings. */
export function AgencyPage({ slug, type }: AgencyPageProps) {
  const { t } = useTranslation('agency-page');
  const origin = useSiteOrigin();
  const { data: agency } = useSuspenseQuery(agencyPageQueryOptions(slug));
  const address = addressLine(agency.Address);
  const { Latitude: latitude, Longitude: longitude } = agency.Address;
  const contracts = ([1, 2] as const).filter((sellType) =>
    sellType === 1 ? agency.PublishedListings.Sale > 0 : agency.PublishedListings.Rent > 0,
  );

  return (
    <div className={styles.page}>
      <PageMeta title={agencyMetaTitle(agency, t)} description={agencyMetaDescription(agency, t)} />
      <JsonLd data={agencyJsonLd(agency, origin)} />

      <div className={styles.inner}>
        <header className={styles.header}>
          {agency.LogoUrl ? (
            <img
              className={styles.logo}
              src={agency.LogoUrl}
              alt={t('logoAlt', { name: agency.Name })}
              width={96}
              height={96}
            />
          ) : (
            <span className={styles.monogram} aria-hidden="true">
              {agency.Name.charAt(0)}
            </span>
          )}
          <div className={styles.heading}>
            {agency.IsPartner ? <p className={styles.badge}>{t('partner')}</p> : null}
            <h1 className={styles.title}>{agency.Name}</h1>
            {agency.Address.Town ? <p className={styles.town}>{t('kind', { town: agency.Address.Town })}</p> : null}
            <Rating agency={agency} />
          </div>
        </header>

        <div className={styles.layout}>
          {/* The contacts come first on a phone, beside the listings on a wide screen. */}
          <aside className={styles.contact} aria-label={t('contact.label')}>
            <div className={styles.box}>
              <h2 className={styles.boxTitle}>{t('contact.title')}</h2>
              {address ? (
                <p className={styles.address}>
                  <span className={styles.addressLabel}>{t('contact.address')}</span>
                  {address}
                </p>
              ) : null}
              <PhoneReveal slug={agency.Slug} />
              <ContactAgency slug={agency.Slug} name={agency.Name} acceptsMessages={agency.AcceptsMessages} />
            </div>
          </aside>

          <div className={styles.main}>
            {agency.Description ? (
              <section className={detailLayout.section} aria-labelledby="agency-about">
                <h2 id="agency-about" className={detailLayout.sectionTitle}>
                  {t('about.title')}
                </h2>
                <p className={styles.description}>{agency.Description}</p>
              </section>
            ) : null}

            {contracts.length === 0 ? (
              <section className={detailLayout.section} aria-labelledby="agency-listings">
                <h2 id="agency-listings" className={detailLayout.sectionTitle}>
                  {t('listings.title')}
                </h2>
                <p className={detailLayout.note}>{t('listings.none')}</p>
              </section>
            ) : (
              contracts.map((sellType) => <Listings key={sellType} agency={agency} sellType={sellType} type={type} />)
            )}

            <AgencyReviews slug={agency.Slug} name={agency.Name} />
          </div>

          <div className={styles.more}>
            <section className={styles.box} aria-labelledby="agency-valuation-title">
              <h2 id="agency-valuation-title" className={styles.boxTitle}>
                {t('valuation.title')}
              </h2>
              <p className={styles.boxText}>{t('valuation.text')}</p>
              <HrefLink
                href={`/valutocasa?agenzia=${agency.Slug}`}
                className={buttonClassName({ variant: 'accent', fullWidth: true })}
              >
                {t('valuation.cta')}
              </HrefLink>
            </section>
            {latitude != null && longitude != null ? (
              <section className={styles.box} aria-labelledby="agency-map-title">
                <h2 id="agency-map-title" className={styles.boxTitle}>
                  {t('map.title')}
                </h2>
                <AgencyMap name={agency.Name} latitude={latitude} longitude={longitude} />
              </section>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

function Rating({ agency }: { agency: Agency }) {
  const { t } = useTranslation('agency-page');
  if (agency.Rating == null || agency.ReviewsCount === 0) return <p className={styles.rating}>{t('rating.none')}</p>;
  return (
    <p className={styles.rating}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>{' '}
      {t('rating.value', { rating: formatRating(agency.Rating), count: agency.ReviewsCount })}
    </p>
  );
}

function Listings({ agency, sellType, type }: { agency: Agency; sellType: 1 | 2; type?: TypeSlug }) {
  const { t } = useTranslation('agency-page');
  const search = agencySearch(agency, sellType, type);
  const listings = useQuery(agencyListingsQueryOptions(search));
  const kind = sellType === 1 ? 'sale' : 'rent';
  const id = `agency-listings-${kind}`;
  const items = listings.data?.Items ?? [];
  const total = listings.data?.Total ?? 0;
  return (
    <section className={detailLayout.section} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={detailLayout.sectionTitle}>
        {t(`listings.${kind}`)}
        {listings.data ? <span className={styles.count}> ({total})</span> : null}
      </h2>
      {listings.isError ? (
        <p className={detailLayout.note}>{t('listings.failed')}</p>
      ) : listings.isPending ? (
        <p className={detailLayout.note}>{t('listings.loading')}</p>
      ) : items.length === 0 ? (
        <p className={detailLayout.note}>{t('listings.empty')}</p>
      ) : (
        <>
          <ul className={detailLayout.cardGrid}>
            {items.map((listing) => (
              <li key={listing.Id}>
                <ListingCard
                  listing={listing}
                  headingLevel="h3"
                  action={<FavoriteToggle propertyId={listing.Id} listing={listing} />}
                />
              </li>
            ))}
          </ul>
          <p className={styles.all}>
            <HrefLink href={searchPath(search)} className={buttonClassName({ variant: 'secondary' })}>
              {t(`listings.all_${kind}`, { count: total })}
            </HrefLink>
          </p>
        </>
      )}
    </section>
  );
}

function JsonLd({ data }: { data: unknown }) {
  // `<` escaped: no text of the agency can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
