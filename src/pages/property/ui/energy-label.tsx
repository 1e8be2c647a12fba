import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { ENERGY_SCALE, type EnergyLabel } from '@domain/energy-label';
import { formatEnergyIndex } from '../model/energy-text';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

/**
 * The energy label Italian law asks of every listing: the class on the coloured A4 ... G
 * scale and the EPgl,nren index, or what the listing says instead (exempt, pending).
 */
export function EnergyLabelView({ label }: { label: EnergyLabel }) {
  const { t } = useTranslation('property');
  return (
    <section className={detailLayout.section} aria-labelledby="property-energy">
      <h2 id="property-energy" className={detailLayout.sectionTitle}>
        {t('energy.title')}
      </h2>
      {label.kind === 'rated' ? (
        <>
          <ol className={styles.energyScale} aria-label={t('energy.scale')} data-testid="energy-scale">
            {ENERGY_SCALE.map((step, index) => {
              const current = index === label.index;
              return (
                <li
                  key={step.code}
                  className={cx(styles.energyStep, current && styles.energyCurrent)}
                  style={{ background: step.color, color: step.text }}
                  aria-current={current ? 'true' : undefined}
                >
                  {current ? (
                    // The class stands out by its frame; "Classe" is for screen readers (a tenth of a phone's width holds two letters).
                    <span>
                      <span className="visually-hidden">{t('energy.currentPrefix')} </span>
                      {step.code}
                    </span>
                  ) : (
                    <span aria-hidden="true">{step.code}</span>
                  )}
                </li>
              );
            })}
          </ol>
          <dl className={styles.energyFacts}>
            <div>
              <dt>{t('energy.class')}</dt>
              <dd>
                <span
                  className={cx(detailLayout.energyBadge, styles.energyBadge)}
                  style={{ background: label.color, color: label.text }}
                >
                  {label.code}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('energy.index')}</dt>
              <dd>
                {label.performance !== null
                  ? t('energy.indexValue', { value: formatEnergyIndex(label.performance) })
                  : t('energy.indexMissing')}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className={styles.energyOther}>
          <strong>{t(`energy.${label.kind}`)}</strong> {t(`energy.${label.kind}Text`)}
        </p>
      )}
    </section>
  );
}
