import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { energyLabelOf } from '@domain/energy-label';
import { ListingCard, formatPrice } from '@/entities/listing';
import { FavoriteToggle } from '@/features/toggle-favorite';
import { SearchMap } from '@/features/search-map';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { useSiteOrigin } from '@/shared/lib/site-url';
import { detailLayout } from '@/shared/ui/detail-layout';
import { PageMeta } from '@/shared/ui/page-meta';
import { PhotoGallery } from '@/shared/ui/photo-gallery';
import { newDevelopmentQueryOptions, type NewDevelopmentDetail } from '../api/new-development-api';
import styles from './new-development-page.module.css';

/** A new development: the project, where it is, and its units for sale, each linking to its listing. */
export function NewDevelopmentPage({ id }: { id: number }) {
  const { t } = useTranslation('property');
  const { data: development } = useSuspenseQuery(newDevelopmentQueryOptions(id));
  const origin = useSiteOrigin();
  const priceFrom = formatPrice(development.PriceFrom);
  const place = [development.Address, `${development.CityName} (${development.ProvinceCode})`]
    .filter(Boolean)
    .join(', ');
  const label = energyLabelOf(development.EnergyClass, null);
  const cover = development.Photos[0];
  const title = t('development.metaTitle', { name: development.Name, city: development.CityName });
  const description =
    `${t('development.metaLead', { name: development.Name, builder: development.BuilderName, city: development.CityName })} ${development.Description}`
      .replace(/\s+/g, ' ')
      .slice(0, 158);

  return (
    <div className={cx(detailLayout.page, styles.page)}>
      <PageMeta
        title={title}
        description={description}
        image={cover ? { url: cover.Url, width: cover.Width, height: cover.Height } : null}
      />
      <JsonLd data={developmentJsonLd(development, origin)} />

      <header className={cx(detailLayout.header, styles.header)}>
        <p className={styles.eyebrow}>{t('development.eyebrow')}</p>
        <h1 className={styles.title}>{development.Name}</h1>
        <p className={detailLayout.place}>{place}</p>
        <div className={styles.headline}>
          {priceFrom ? (
            <p className={styles.price} data-testid="price-from">
              {t('development.priceFrom', { price: priceFrom })}
            </p>
          ) : null}
          {label.kind === 'rated' ? (
            <p className={styles.energy}>
              <span>{t('energy.class')}</span>
              <span className={detailLayout.energyBadge} style={{ background: label.color, color: label.text }}>
                {label.code}
              </span>
            </p>
          ) : label.kind !== 'missing' ? (
            <p className={styles.energy}>{t(`energy.${label.kind}`)}</p>
          ) : null}
        </div>
      </header>

      <PhotoGallery
        className={styles.gallery}
        images={development.Photos.map((photo, index) => ({
          url: photo.Url,
          thumbnailUrl: photo.ThumbnailUrl,
          width: photo.Width,
          height: photo.Height,
          alt:
            photo.Caption ||
            t('gallery.alt', { title: development.Name, position: index + 1, total: development.Photos.length }),
        }))}
        labels={{
          region: t('development.galleryRegion'),
          previous: t('gallery.previous'),
          next: t('gallery.next'),
          fullScreen: t('gallery.fullScreen'),
          close: t('gallery.close'),
          counter: (position, total) => t('gallery.counter', { position, total }),
          thumbnail: (position) => t('gallery.thumbnail', { position }),
          empty: t('gallery.empty'),
        }}
        priority
      />

      <div className={cx(detailLayout.layout, styles.layout)}>
        <div className={cx(detailLayout.column, styles.main)}>
          <section className={detailLayout.section} aria-labelledby="development-about">
            <h2 id="development-about" className={detailLayout.sectionTitle}>
              {t('development.about')}
            </h2>
            <dl className={cx(detailLayout.facts, styles.facts)}>
              <div>
                <dt>{t('development.builder')}</dt>
                <dd>{development.BuilderName}</dd>
              </div>
              {development.Completion ? (
                <div>
                  <dt>{t('development.completion')}</dt>
                  <dd>{development.Completion}</dd>
                </div>
              ) : null}
              {development.AgencyName ? (
                <div>
                  <dt>{t('development.agency')}</dt>
                  <dd>{development.AgencyName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('development.unitsCount')}</dt>
                <dd>{development.Units.length}</dd>
              </div>
            </dl>
            <p className={detailLayout.description}>{development.Description}</p>
          </section>

          <section className={detailLayout.section} aria-labelledby="development-units">
            <h2 id="development-units" className={detailLayout.sectionTitle}>
              {t('development.units', { count: development.Units.length })}
            </h2>
            {development.Units.length === 0 ? (
              <p className={detailLayout.note}>{t('development.noUnits')}</p>
            ) : (
              <ul className={detailLayout.cardGrid} data-testid="development-units">
                {development.Units.map((unit, index) => (
                  <li key={unit.Id}>
                    <ListingCard
                      listing={unit}
                      priority={index < 2}
                      action={<FavoriteToggle propertyId={unit.Id} listing={unit} />}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className={detailLayout.aside}>
          <DevelopmentMap latitude={development.Latitude} longitude={development.Longitude} place={place} />
        </aside>
      </div>
    </div>
  );
}

function DevelopmentMap({ latitude, longitude, place }: { latitude: number; longitude: number; place: string }) {
  const { t } = useTranslation('property');
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const config = useQuery(configQueryOptions());
  useEffect(() => {
    const element = box.current;
    if (!element || near || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section className={detailLayout.section} aria-labelledby="development-map">
      <h2 id="development-map" className={detailLayout.sectionTitle}>
        {t('map.title')}
      </h2>
      <p className={detailLayout.note}>{place}</p>
      <div ref={box} className={detailLayout.map}>
        {near ? (
          <SearchMap
            className={detailLayout.mapInner}
            ariaLabel={t('development.mapLabel')}
            markers={[{ latitude, longitude, count: 1, propertyId: null, price: null }]}
            center={{ latitude, longitude }}
            zoom={15}
            tileUrl={config.data?.TileUrl ?? null}
            pmtilesUrl={config.data?.BasemapPmtilesUrl ?? null}
            interactive={false}
          />
        ) : null}
      </div>
    </section>
  );
}

function developmentJsonLd(development: NewDevelopmentDetail, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Residence',
    name: development.Name,
    description: development.Description,
    url: `${origin}/nuovecostruzioni/${development.Id}`,
    address: {
      '@type': 'PostalAddress',
      addressLocality: development.CityName,
      addressRegion: development.ProvinceCode,
      addressCountry: 'IT',
      ...(development.Address ? { streetAddress: development.Address } : {}),
    },
    geo: { '@type': 'GeoCoordinates', latitude: development.Latitude, longitude: development.Longitude },
    ...(development.Photos[0]
      ? {
          image: /^https?:/.test(development.Photos[0].Url)
            ? development.Photos[0].Url
            : `${origin}${development.Photos[0].Url}`,
        }
      : {}),
  };
}

function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
