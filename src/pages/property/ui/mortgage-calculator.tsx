import { useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { MORTGAGE_DEFAULTS, MORTGAGE_LIMITS, estimateMortgage } from '../model/mortgage';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

type Field = keyof typeof MORTGAGE_DEFAULTS;

function parse(value: string): number {
  return Number(value.replace(',', '.'));
}

function valid(field: Field, value: number): boolean {
  const { min, max } = MORTGAGE_LIMITS[field];
  return Number.isFinite(value) && value >= min && value <= max;
}

/** How much a month a mortgage on this price would cost: three inputs and the instalment. */
export function MortgageCalculator({ price }: { price: number }) {
  const { t } = useTranslation('property');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    downPaymentPercent: String(MORTGAGE_DEFAULTS.downPaymentPercent),
    ratePercent: String(MORTGAGE_DEFAULTS.ratePercent).replace('.', ','),
    years: String(MORTGAGE_DEFAULTS.years),
  });
  const numbers = {
    downPaymentPercent: parse(values.downPaymentPercent),
    ratePercent: parse(values.ratePercent),
    years: parse(values.years),
  };
  const ok = (Object.keys(numbers) as Field[]).every((field) => valid(field, numbers[field]));
  const estimate = ok ? estimateMortgage(price, numbers) : null;
  const field = (name: Field, label: string) => (
    <div className={styles.mortgageField}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        inputMode="decimal"
        value={values[name]}
        aria-invalid={!valid(name, numbers[name]) || undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    </div>
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('mortgage.title')}
      </h2>
      <div className={styles.mortgageFields}>
        {field('downPaymentPercent', t('mortgage.downPayment'))}
        {field('ratePercent', t('mortgage.rate'))}
        {field('years', t('mortgage.years'))}
      </div>
      <div aria-live="polite">
        {estimate ? (
          <>
            <p className={styles.mortgageResult}>
              <span>{t('mortgage.monthly')}</span>
              <strong data-testid="mortgage-monthly">
                {t('mortgage.perMonth', { value: formatThousands(estimate.monthly) })}
              </strong>
            </p>
            <dl className={styles.mortgageFacts}>
              <div>
                <dt>{t('mortgage.loan')}</dt>
                <dd>{t('mortgage.euro', { value: formatThousands(estimate.loan) })}</dd>
              </div>
              <div>
                <dt>{t('mortgage.downPaymentAmount')}</dt>
                <dd>{t('mortgage.euro', { value: formatThousands(estimate.downPayment) })}</dd>
              </div>
              <div>
                <dt>{t('mortgage.interest')}</dt>
                <dd>{t('mortgage.euro', { value: formatThousands(estimate.totalInterest) })}</dd>
              </div>
            </dl>
          </>
        ) : (
          <p className={styles.error} role="alert">
            {t('mortgage.invalid')}
          </p>
        )}
      </div>
      <p className={detailLayout.note}>{t('mortgage.assumptions')}</p>
    </section>
  );
}
