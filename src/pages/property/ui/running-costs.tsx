import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import type { EnergyLabel } from '@domain/energy-label';
import { EURO_PER_KWH, estimateRunningCosts } from '../model/running-costs';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

export function RunningCosts({
  label,
  energyPerformance,
  surfaceM2,
  condoFees,
}: {
  label: EnergyLabel;
  energyPerformance: number | null;
  surfaceM2: number | null;
  condoFees: number | null;
}) {
  const { t } = useTranslation('property');
  const costs = estimateRunningCosts({
    energyClass: label.kind === 'rated' ? label.code : null,
    energyPerformance: label.kind === 'rated' ? energyPerformance : null,
    surfaceM2,
    condoFees,
  });
  const euros = (value: number | null) =>
    value === null ? t('costs.unknown') : t('costs.perMonth', { value: formatThousands(value) });
  const price = EURO_PER_KWH.toLocaleString('it-IT', { minimumFractionDigits: 2 });

  return (
    <section className={detailLayout.section} aria-labelledby="property-costs">
      <h2 id="property-costs" className={detailLayout.sectionTitle}>
        {t('costs.title')}
      </h2>
      <dl className={styles.costs} data-testid="running-costs">
        <div>
          <dt>{t('costs.energy')}</dt>
          <dd>{euros(costs.energy)}</dd>
        </div>
        <div>
          <dt>{t('costs.condoFees')}</dt>
          <dd>{euros(costs.condoFees)}</dd>
        </div>
        <div className={styles.costsTotal}>
          <dt>{t('costs.total')}</dt>
          <dd>{euros(costs.total)}</dd>
        </div>
      </dl>
      <p className={detailLayout.note}>
        {costs.energy === null
          ? t('costs.noEnergy')
          : t(costs.measured ? 'costs.assumptionMeasured' : 'costs.assumptionClass', {
              kwh: formatThousands(costs.kwhPerM2Year),
              surface: formatThousands(surfaceM2),
              price,
              code: label.kind === 'rated' ? label.code : '',
            })}
      </p>
    </section>
  );
}
