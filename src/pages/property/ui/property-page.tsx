import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatPrice, formatPricePerM2, isPriceRecentlyReduced, listingJsonLd } from '@/entities/listing';
import { FavoriteToggle } from '@/features/toggle-favorite';
import { searchPath } from '@domain/search';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { useSiteOrigin } from '@/shared/lib/site-url';
import { PageMeta } from '@/shared/ui/page-meta';
import { PhotoGallery, type GalleryImage, type PhotoGalleryLabels } from '@/shared/ui/photo-gallery';
import { propertyQueryOptions, reportView, type MediaItem, type PropertyDetail } from '../api/property-api';
import { useCountView } from '../model/count-view';
import { propertyMetaDescription, propertyMetaTitle, toSearchListing, formatDate } from '../model/listing-text';
import { AdvertiserBox, ShareButton, VisitButton, VisitDialogs, type VisitDialogKind } from './advertiser-box';
import { MortgageCalculator } from './mortgage-calculator';
import { KeyFacts } from './property-facts';
import { PropertyDetails, SimilarListings } from './deferred-sections';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';
import { HrefLink } from '@/shared/ui/href-link';

const STATUS = { suspended: 3, sold: 4 } as const;

export function PropertyPage({ id }: { id: number }) {
  const { t } = useTranslation('property');
  const { data: property, dataUpdatedAt } = useSuspenseQuery(propertyQueryOptions(id));
  useCountView(property.Id, reportView);
  const origin = useSiteOrigin();
  const url = `${origin}/immobile/${property.Id}`;
  const rent = property.SellType === 2;
  const price = formatPrice(property.Price, property.SellType);
  const perM2 = formatPricePerM2(property.PricePerM2);
  // Dates are measured from when the data was read: the server's HTML and the browser agree.
  const reduced = isPriceRecentlyReduced(property, dataUpdatedAt);
  const active = property.Status !== STATUS.sold && property.Status !== STATUS.suspended;
  const cover = property.Photos[0];
  const [dialog, setDialog] = useState<VisitDialogKind>(null);
  const cityLine = [
    property.Address,
    property.District,
    property.CityName && property.ProvinceCode ? `${property.CityName} (${property.ProvinceCode})` : property.CityName,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className={cx(detailLayout.page, styles.page, active && styles.withMobileBar)}>
      <PageMeta
        title={propertyMetaTitle(property, t)}
        description={propertyMetaDescription(property, t)}
        image={cover ? { url: cover.Url, width: cover.Width, height: cover.Height } : null}
      />
      <JsonLd data={structuredData(property, origin, t)} />

      <Breadcrumb property={property} />

      {!active ? <StatusBanner property={property} /> : null}

      <Media property={property} />

      <div className={cx(detailLayout.layout, styles.layout)}>
        <div className={cx(detailLayout.column, styles.main)}>
          <header className={detailLayout.header}>
            <h1 className={styles.title}>{property.Title}</h1>
            <p className={detailLayout.place}>{cityLine}</p>
            <p className={styles.publisher} data-testid="property-publisher">
              {property.Advertiser.Kind === 'agency'
                ? t('publisher.agency', { name: property.Advertiser.Name })
                : t('publisher.private')}
            </p>
            <div className={styles.priceRow}>
              <p className={cx(styles.price, !active && styles.priceInactive)} data-testid="property-price">
                {price ?? t('price.onRequest')}
              </p>
              {perM2 ? <p className={styles.perM2}>{perM2}</p> : null}
            </div>
            {reduced && property.PreviousPrice ? (
              <p className={styles.reduced}>
                <span className={styles.reducedBadge}>{t('price.reduced')}</span>{' '}
                <s>{t('price.was', { price: formatPrice(property.PreviousPrice, property.SellType) })}</s>{' '}
                <span>{t('price.reducedOn', { date: formatDate(property.PriceReducedAt) })}</span>
              </p>
            ) : null}
            <div className={styles.actions}>
              <FavoriteToggle propertyId={property.Id} listing={toSearchListing(property)} variant="inline" />
              <ShareButton url={url} title={property.Title} />
            </div>
          </header>

          <KeyFacts property={property} />

          <section className={detailLayout.section} aria-labelledby="property-description">
            <h2 id="property-description" className={detailLayout.sectionTitle}>
              {t('description.title')}
            </h2>
            {property.Description ? (
              <p className={detailLayout.description}>{property.Description}</p>
            ) : (
              <p className={detailLayout.note}>{t('description.empty')}</p>
            )}
          </section>

          <PropertyDetails id={property.Id} />
        </div>

        <aside className={detailLayout.aside}>
          <div className={styles.sticky}>
            {active ? (
              <div className={cx(styles.card, styles.visitCard)}>
                <p className={styles.asidePrice}>{price ?? t('price.onRequest')}</p>
                <VisitButton advertiser={property.Advertiser} onOpen={() => setDialog('visit')} />
              </div>
            ) : null}
            <AdvertiserBox advertiser={property.Advertiser} onWrite={active ? () => setDialog('write') : undefined} />
            {active && !rent && property.Price ? <MortgageCalculator price={property.Price} /> : null}
          </div>
        </aside>
      </div>

      <SimilarListings id={property.Id} />

      {active ? (
        // On a phone the visit stays at hand at the bottom of the screen.
        <div className={styles.mobileBar}>
          <p className={styles.mobileBarPrice}>{price ?? t('price.onRequest')}</p>
          <VisitButton advertiser={property.Advertiser} onOpen={() => setDialog('visit')} />
        </div>
      ) : null}
      {active ? (
        <VisitDialogs id={property.Id} advertiser={property.Advertiser} open={dialog} onOpenChange={setDialog} />
      ) : null}
    </div>
  );
}

function Breadcrumb({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation('property');
  const rent = property.SellType === 2;
  return (
    <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">{t('breadcrumb.home')}</Link>
        </li>
        {property.City ? (
          <li>
            <HrefLink href={searchPath({ SellType: property.SellType, SearchType: 'town', Town: property.City.Istat })}>
              {t(rent ? 'breadcrumb.search_rent' : 'breadcrumb.search_sale', { city: property.City.Name })}
            </HrefLink>
          </li>
        ) : null}
        <li aria-current="page">{property.Title}</li>
      </ol>
    </nav>
  );
}

function StatusBanner({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation('property');
  const sold = property.Status === STATUS.sold;
  const key = sold ? (property.SellType === 2 ? 'rented' : 'sold') : 'suspended';
  return (
    <div
      className={cx(styles.banner, sold ? styles.bannerSold : styles.bannerSuspended)}
      role="status"
      data-testid="status-banner"
    >
      <strong className={styles.bannerTitle}>{t(`status.${key}`)}</strong>
      <span>{t(`status.${key}Text`)}</span>
    </div>
  );
}

function toGallery(items: MediaItem[], alt: (position: number, total: number) => string): GalleryImage[] {
  return items.map((item, index) => ({
    url: item.Url,
    thumbnailUrl: item.ThumbnailUrl,
    width: item.Width,
    height: item.Height,
    alt: item.Caption || alt(index + 1, items.length),
  }));
}

/** Photos, and the floor plans in a tab of their own. */
function Media({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation('property');
  const [tab, setTab] = useState<'photos' | 'plans'>('photos');
  const labels: PhotoGalleryLabels = {
    region: t(tab === 'plans' ? 'gallery.floorPlanRegion' : 'gallery.region'),
    previous: t('gallery.previous'),
    next: t('gallery.next'),
    fullScreen: t('gallery.fullScreen'),
    close: t('gallery.close'),
    counter: (position, total) => t('gallery.counter', { position, total }),
    thumbnail: (position) => t('gallery.thumbnail', { position }),
    empty: t('gallery.empty'),
  };
  const photos = toGallery(property.Photos, (position, total) =>
    t('gallery.alt', { title: property.Title, position, total }),
  );
  const plans = toGallery(property.FloorPlans, (position, total) =>
    t('gallery.floorPlanAlt', { title: property.Title, position, total }),
  );
  const tabs = [
    { key: 'photos' as const, label: t('gallery.photos', { count: photos.length }) },
    { key: 'plans' as const, label: t('gallery.floorPlans', { count: plans.length }) },
  ];
  return (
    <div className={styles.media}>
      {plans.length > 0 ? (
        <div role="tablist" aria-label={t('gallery.tabs')} className={styles.tabs}>
          {tabs.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`property-tab-${item.key}`}
              aria-controls="property-media-panel"
              aria-selected={tab === item.key}
              tabIndex={tab === item.key ? 0 : -1}
              className={cx(styles.tab, tab === item.key && styles.tabCurrent)}
              onClick={() => setTab(item.key)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                const next = tab === 'photos' ? 'plans' : 'photos';
                setTab(next);
                document.getElementById(`property-tab-${next}`)?.focus();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id="property-media-panel"
        role={plans.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={plans.length > 0 ? `property-tab-${tab}` : undefined}
      >
        <PhotoGallery key={tab} images={tab === 'plans' ? plans : photos} labels={labels} priority={tab === 'photos'} />
      </div>
    </div>
  );
}

/** schema.org data: the listing with its offer, and the breadcrumb. */
function structuredData(
  property: PropertyDetail,
  origin: string,
  t: (key: string, vars?: Record<string, unknown>) => string,
) {
  const listing = listingJsonLd(toSearchListing(property), origin);
  const offers = { ...(listing.offers as Record<string, unknown>) };
  if (property.Status === STATUS.sold) offers.availability = 'https://schema.org/SoldOut';
  if (property.Status === STATUS.suspended) offers.availability = 'https://schema.org/OutOfStock';
  const images = property.Photos.map((photo) => (/^https?:/.test(photo.Url) ? photo.Url : `${origin}${photo.Url}`));
  const crumbs = [
    { name: t('breadcrumb.home'), item: `${origin}/` },
    ...(property.City
      ? [
          {
            name: t(property.SellType === 2 ? 'breadcrumb.search_rent' : 'breadcrumb.search_sale', {
              city: property.City.Name,
            }),
            item: `${origin}${searchPath({ SellType: property.SellType, SearchType: 'town', Town: property.City.Istat })}`,
          },
        ]
      : []),
    { name: property.Title, item: `${origin}/immobile/${property.Id}` },
  ];
  return [
    {
      ...listing,
      ...(property.Description ? { description: property.Description } : {}),
      ...(images.length > 0 ? { image: images } : {}),
      ...(property.UpdatedAt ? { dateModified: property.UpdatedAt } : {}),
      offers,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: crumb.item,
      })),
    },
  ];
}

function JsonLd({ data }: { data: unknown }) {
  // `<` escaped: no text of the listing can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
