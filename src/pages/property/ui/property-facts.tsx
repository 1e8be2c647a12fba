import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatPrice, formatSurface } from '@/entities/listing';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import type { PropertyDetail } from '../api/property-api';
import { floorText, formatChange, formatDate } from '../model/listing-text';
import styles from './property-page.module.css';

/** The figures people compare first: m², rooms, bathrooms, floor, lift. */
export function KeyFacts({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation('property');
  const facts: [string, string | null][] = [
    [t('facts.surface'), formatSurface(property.SurfaceM2)],
    [t('facts.rooms'), property.Rooms ? String(property.Rooms) : null],
    [t('facts.bathrooms'), property.Bathrooms ? String(property.Bathrooms) : null],
    [t('facts.floor'), floorText(property.Floor, property.BuildingFloors, t)],
    [t('facts.lift'), property.HasLift === null ? null : t(property.HasLift ? 'facts.yes' : 'facts.no')],
  ];
  return (
    <section aria-label={t('facts.title')}>
      <dl className={styles.keyFacts} data-testid="key-facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([name, value]) => (
            <div key={name} className={styles.keyFact}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** Every characteristic the listing gives, in a two-column table, then its amenities. `now`: when the data was read (the same on the server and in the browser). */
export function FeatureTable({ property, now }: { property: PropertyDetail; now: number }) {
  const { t } = useTranslation('property');
  const rent = property.SellType === 2;
  const available = property.AvailableFrom ? (Date.parse(property.AvailableFrom) <= now ? t('features.availableNow') : t('features.availableFrom', { date: formatDate(property.AvailableFrom) })) : null;
  const rows: [string, ReactNode | null][] = [
    [t('features.type'), property.PropertyTypeName],
    [t('features.condition'), property.Condition?.Name ?? null],
    [t('features.buildYear'), property.BuildYear ? String(property.BuildYear) : null],
    [t('features.renovationYear'), property.RenovationYear ? String(property.RenovationYear) : null],
    [t('features.heating'), property.HeatingType?.Name ?? null],
    [t('features.condoFees'), property.CondoFees === null ? null : property.CondoFees === 0 ? t('features.condoFeesNone') : t('features.condoFeesValue', { value: formatThousands(property.CondoFees) })],
    [t('features.availability'), rent ? available : (property.Occupancy?.Name ?? null)],
    [t('features.furnishing'), rent ? (property.Furnishing?.Name ?? null) : null],
    [t('features.deposit'), rent && property.SecurityDeposit ? t('features.depositValue', { value: formatThousands(property.SecurityDeposit) }) : null],
    [t('features.composition'), property.RoomList.length > 0 ? property.RoomList.map((room) => `${room.Count} ${room.Name.toLowerCase()}`).join(', ') : null],
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
    <section className={styles.section} aria-labelledby="property-features">
      <h2 id="property-features" className={styles.sectionTitle}>
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
  const rows = history.map((point, index) => ({ ...point, change: index > 0 ? formatChange(history[index - 1].Price, point.Price) : null })).reverse();
  return (
    <section className={styles.section} aria-labelledby="property-history">
      <h2 id="property-history" className={styles.sectionTitle}>
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
              <td className={row.change?.startsWith('−') ? styles.down : undefined}>{row.change ?? t('price.historyFirst')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
