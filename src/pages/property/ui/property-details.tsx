import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatPrice } from '@/entities/listing';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { energyLabelOf } from '@domain/energy-label';
import { propertyQueryOptions, type PropertyDetail } from '../api/property-api';
import { formatChange, formatDate, listingPlace } from '../model/listing-text';
import { EnergyLabelView } from './energy-label';
import { LocationMap } from './location-map';
import { RunningCosts } from './running-costs';
import { PROPERTY_DETAILS_ID } from './deferred-ids';
import { cx } from '@/shared/lib/class-names';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

/**
 * The listing's details below its description: characteristics and amenities, the energy
 * label, the running costs, the price history and the map. Read from the query cache by id,
 * so the page passes nothing that changes when the listing is read again.
 */
export function PropertyDetails({ id }: { id: number }) {
  const { t } = useTranslation('property');
  const { data: property, dataUpdatedAt } = useSuspenseQuery(propertyQueryOptions(id));
  const label = energyLabelOf(property.EnergyClass, property.EnergyPerformance);
  const place = listingPlace(property);
  return (
    <div id={PROPERTY_DETAILS_ID} className={cx(detailLayout.column, styles.details)}>
      <FeatureTable property={property} now={dataUpdatedAt} />

      <EnergyLabelView label={label} />

      <RunningCosts
        label={label}
        energyPerformance={property.EnergyPerformance}
        surfaceM2={property.SurfaceM2}
        condoFees={property.CondoFees}
      />

      {property.PriceHistory.length > 1 ? (
        <PriceHistory history={property.PriceHistory} sellType={property.SellType} />
      ) : null}

      {property.Latitude !== null && property.Longitude !== null ? (
        <LocationMap
          id={property.Id}
          latitude={property.Latitude}
          longitude={property.Longitude}
          price={property.Price}
          addressHidden={property.Address === null}
          place={property.Address ? place : `${place} · ${t('map.addressHidden')}`}
        />
      ) : null}
    </div>
  );
}

/** Every characteristic the listing gives, in a two-column table, then its amenities. `now`: when the data was read (the same on the server and in the browser). */
export function FeatureTable({ property, now }: { property: PropertyDetail; now: number }) {
  const { t } = useTranslation('property');
  const rent = property.SellType === 2;
  const available = property.AvailableFrom
    ? Date.parse(property.AvailableFrom) <= now
      ? t('features.availableNow')
      : t('features.availableFrom', { date: formatDate(property.AvailableFrom) })
    : null;
  const rows: [string, ReactNode | null][] = [
    [t('features.type'), property.PropertyTypeName],
    [t('features.condition'), property.Condition?.Name ?? null],
    [t('features.buildYear'), property.BuildYear ? String(property.BuildYear) : null],
    [t('features.renovationYear'), property.RenovationYear ? String(property.RenovationYear) : null],
    [t('features.heating'), property.HeatingType?.Name ?? null],
    [
      t('features.condoFees'),
      property.CondoFees === null
        ? null
        : property.CondoFees === 0
          ? t('features.condoFeesNone')
          : t('features.condoFeesValue', { value: formatThousands(property.CondoFees) }),
    ],
    [t('features.availability'), rent ? available : (property.Occupancy?.Name ?? null)],
    [t('features.furnishing'), rent ? (property.Furnishing?.Name ?? null) : null],
    [
      t('features.deposit'),
      rent && property.SecurityDeposit
        ? t('features.depositValue', { value: formatThousands(property.SecurityDeposit) })
        : null,
    ],
    [
      t('features.contract'),
      rent && property.ContractTypeId ? t(`features.contracts.${property.ContractTypeId}`) : null,
    ],
    [
      t('features.pets'),
      rent && property.PetsAllowed !== null
        ? t(property.PetsAllowed ? 'features.petsWelcome' : 'features.petsNotAllowed')
        : null,
    ],
    [
      t('features.composition'),
      property.RoomList.length > 0
        ? property.RoomList.map(
            (room) => `${room.Count} ${room.Count > 1 ? room.PluralName : room.Name.toLowerCase()}`,
          ).join(', ')
        : null,
    ],
    [
      t('features.development'),
      property.Development ? (
        <Link to="/nuovecostruzioni/$id" params={{ id: String(property.Development.Id) }} className={styles.textLink}>
          {t('features.developmentLink', { name: property.Development.Name })}
        </Link>
      ) : null,
    ],
    [t('features.published'), formatDate(property.PublishedAt)],
    [t('features.reference'), String(property.Id)],
  ];
  return (
    <section className={detailLayout.section} aria-labelledby="property-features">
      <h2 id="property-features" className={detailLayout.sectionTitle}>
        {t('features.title')}
      </h2>
      <dl className={styles.features}>
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([name, value]) => (
            <div key={name} className={styles.feature}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {property.Amenities.length > 0 ? (
        <>
          <h3 className={styles.subTitle}>{t('features.amenities')}</h3>
          <ul className={styles.amenities}>
            {property.Amenities.map((amenity) => (
              <li key={amenity.Id}>{amenity.Name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Every asking price, newest first, with the change from the one before. */
export function PriceHistory({ history, sellType }: { history: PropertyDetail['PriceHistory']; sellType: 1 | 2 }) {
  const { t } = useTranslation('property');
  const rows = history
    .map((point, index) => ({
      ...point,
      change: index > 0 ? formatChange(history[index - 1].Price, point.Price) : null,
    }))
    .reverse();
  return (
    <section className={detailLayout.section} aria-labelledby="property-history">
      <h2 id="property-history" className={detailLayout.sectionTitle}>
        {t('price.historyTitle')}
      </h2>
      <table className={styles.history} data-testid="price-history">
        <thead>
          <tr>
            <th scope="col">{t('price.historyDate')}</th>
            <th scope="col">{t('price.historyPrice')}</th>
            <th scope="col">{t('price.historyChange')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.Date}-${row.Price}`}>
              <td>{formatDate(row.Date)}</td>
              <td>{formatPrice(row.Price, sellType)}</td>
              <td className={row.change?.startsWith('−') ? styles.down : undefined}>
                {row.change ?? t('price.historyFirst')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
