import { useTranslation } from '@/shared/i18n';
import type { EnergyLabel } from '@domain/energy-label';
import { formatEnergyIndex } from '../model/energy-text';
import styles from './property-page.module.css';

/**
 * The class and the index in one line, as ads give them ("Classe C · 95,4 kWh/m² anno"), with
 * the class's colour; what the listing says instead when exempt or pending; nothing without a class.
 */
export function EnergySummary({ label }: { label: EnergyLabel }) {
  const { t } = useTranslation('property');
  if (label.kind === 'missing') return null;
  return (
    <p className={styles.energySummary} data-testid="energy-summary">
      {label.kind === 'rated' ? (
        <>
          <span className={styles.energySwatch} style={{ background: label.color }} aria-hidden="true" />
          {label.performance !== null
            ? t('energy.summary', { code: label.code, value: formatEnergyIndex(label.performance) })
            : t('energy.summaryNoIndex', { code: label.code })}
        </>
      ) : (
        t(`energy.${label.kind}Summary`)
      )}
    </p>
  );
}
