import { formatSurface } from '@/entities/listing';
import { useTranslation } from '@/shared/i18n';
import { energyLabelOf } from '@domain/energy-label';
import type { PropertyDetail } from '../api/property-api';
import { floorText } from '../model/listing-text';
import { EnergySummary } from './energy-summary';
import { cx } from '@/shared/lib/class-names';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

/** The figures people compare first: m², rooms, bathrooms, floor, lift; then the energy class and index the law asks every ad to give. */
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
      <dl className={cx(detailLayout.facts, styles.keyFacts)} data-testid="key-facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([name, value]) => (
            <div key={name} className={styles.keyFact}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <EnergySummary label={energyLabelOf(property.EnergyClass, property.EnergyPerformance)} />
    </section>
  );
}
