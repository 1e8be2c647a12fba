import { Link } from '@tanstack/react-router';
import { formatDistance, formatMoney, formatPerSqm, type ValuationComparable } from '@/entities/valuation';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { formatThousands } from '@/shared/lib/number';
import { Spinner } from '@/shared/ui/spinner';
import { StepForm } from '@/shared/ui/step-form';
import { useValuationDetails } from '../../api/valuation-details';
import type { StepViewProps } from '../../model/step-view';
import styles from './steps.module.css';

/** Step 13: the comparable listings the search found, nearest first. */
export default function ComparablesStep({ answers, valuationId, busy, error, onAnswer }: StepViewProps<'comparables'>) {
  const { t } = useTranslation('wizard');
  const details = useValuationDetails(valuationId);
  const count = details.data
    ? details.data.Comparables.filter((c) => !c.Outlier).length
    : (answers.loader?.comparableIds.length ?? 0);
  const sellType = details.data?.Subject.SellType ?? 1;

  return (
    <StepForm
      title={t('steps.comparables.title', { count })}
      hint={t('steps.comparables.hint')}
      submitLabel={t('steps.comparables.submit')}
      onSubmit={() => onAnswer(null)}
      busy={busy}
      error={error}
    >
      {details.isPending && details.fetchStatus !== 'idle' ? <Spinner label={t('steps.comparables.loading')} /> : null}
      {details.isError ? <p className={styles.muted}>{t('steps.comparables.loadFailed')}</p> : null}
      {details.data && details.data.Comparables.length > 0 ? (
        <ol className={styles.comparables} data-testid="comparables">
          {details.data.Comparables.map((comparable) => (
            <li key={comparable.Id}>
              <ComparableCard comparable={comparable} sellType={sellType} />
            </li>
          ))}
        </ol>
      ) : null}
    </StepForm>
  );
}

function ComparableCard({ comparable, sellType }: { comparable: ValuationComparable; sellType: 1 | 2 }) {
  const { t } = useTranslation('wizard');
  const distance = formatDistance(comparable.DistanceM);
  const surface = `${formatThousands(comparable.SurfaceM2)}\u00a0m²`;
  const price = formatMoney(comparable.Price, sellType);
  return (
    <article className={cx(styles.comparable, comparable.Outlier && styles.comparableOutlier)} data-testid="comparable">
      <div className={styles.comparableHead}>
        <p className={styles.comparableDistance}>{t('steps.comparables.distance', { distance })}</p>
        {comparable.Status === 'sold' ? <span className={styles.badge}>{t('steps.comparables.sold')}</span> : null}
        {comparable.Outlier ? <span className={styles.badge}>{t('steps.comparables.outlier')}</span> : null}
        {comparable.Status === 'published' ? (
          <Link
            to="/immobile/$id"
            params={{ id: String(comparable.Id) }}
            target="_blank"
            className={styles.comparableLink}
            aria-label={t('steps.comparables.viewLabel', { distance, surface, price })}
          >
            {t('steps.comparables.view')}
          </Link>
        ) : null}
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t('steps.comparables.surface')}</dt>
          <dd>{surface}</dd>
        </div>
        <div>
          <dt>{t('steps.comparables.price')}</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>{t('steps.comparables.perSqm')}</dt>
          <dd>{formatPerSqm(comparable.PricePerSqm, sellType)}</dd>
        </div>
      </dl>
    </article>
  );
}
