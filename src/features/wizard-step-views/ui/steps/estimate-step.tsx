import { formatDistance, formatMoney, formatPerSqm } from '@/entities/valuation';
import { useTranslation } from '@/shared/i18n';
import { StepForm } from '@/shared/ui/step-form';
import { useValuationDetails } from '../../api/valuation-details';
import type { StepViewProps } from '../../model/step-view';
import styles from './steps.module.css';

/** Step 38: the estimate as a range (and, with the stored valuation, how it was reached), or why there is none. */
export default function EstimateStep({ answers, valuationId, busy, error, onAnswer }: StepViewProps<'estimate'>) {
  const { t } = useTranslation('wizard');
  const details = useValuationDetails(valuationId);
  const market = answers.loader;
  const estimate = details.data?.Estimate ?? null;
  const sellType = details.data?.Subject.SellType ?? 1;
  const min = estimate?.Low ?? market?.estimateMin ?? null;
  const max = estimate?.High ?? market?.estimateMax ?? null;
  const found = min !== null && max !== null && (market?.found ?? true);

  return (
    <StepForm
      title={t(found ? 'steps.estimate.title' : 'steps.estimate.titleNone')}
      hint={found ? undefined : t('steps.estimate.noneText')}
      submitLabel={t('steps.estimate.submit')}
      onSubmit={() => onAnswer(null)}
      busy={busy}
      error={error}
    >
      {found ? (
        <div className={styles.fields}>
          <div className={styles.estimate} data-testid="estimate">
            <p className={styles.estimateLabel}>{t('steps.estimate.rangeLabel')}</p>
            <p className={styles.estimateRange}>
              {t('steps.estimate.range', { min: formatMoney(min, sellType), max: formatMoney(max, sellType) })}
            </p>
            {estimate ? (
              <p className={styles.message}>
                {t('steps.estimate.point', { value: formatMoney(estimate.Point, sellType) })}
              </p>
            ) : null}
            {estimate ? (
              <p className={styles.muted}>
                {t('steps.estimate.perSqm', { value: formatPerSqm(estimate.PricePerSqm, sellType) })}
              </p>
            ) : null}
          </div>
          {estimate && details.data ? (
            <p className={styles.muted}>
              {t('steps.estimate.confidence', { level: t(`steps.estimate.confidenceLevels.${estimate.Confidence}`) })}{' '}
              {t('steps.estimate.based', {
                count: estimate.ComparableCount,
                radius: formatDistance(details.data.RadiusM ?? 0),
              })}
            </p>
          ) : null}
          {details.data?.MailSent ? <p className={styles.message}>{t('steps.estimate.mailSent')}</p> : null}
          <p className={styles.muted}>{t('steps.estimate.disclaimer')}</p>
        </div>
      ) : details.data?.MailSent ? (
        <p className={styles.message}>{t('steps.estimate.mailSent')}</p>
      ) : null}
    </StepForm>
  );
}
