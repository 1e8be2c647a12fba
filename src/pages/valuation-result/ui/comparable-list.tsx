import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import {
  adjustmentReasons,
  formatDistance,
  formatMoney,
  formatPerSqm,
  formatPercent,
  percentOf,
  type Valuation,
  type ValuationComparable,
} from '@/entities/valuation';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { formatThousands } from '@/shared/lib/number';
import styles from './valuation-result-page.module.css';

/**
 * The comparable listings the estimate came from, nearest first: each with its distance,
 * surface, price and €/m², the adjustment applied and why, and whether it was set aside.
 */
export function ComparableList({ valuation }: { valuation: Valuation }) {
  const { t } = useTranslation('valuation-result');
  const headingId = useId();
  const sellType = valuation.Subject.SellType;

  return (
    <section className={styles.comparables} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('comparables.title')}
      </h2>
      {valuation.Comparables.length === 0 ? (
        <p className={styles.muted}>{t('comparables.none')}</p>
      ) : (
        <>
          <p className={styles.sectionIntro}>{t(valuation.Estimate ? 'comparables.intro' : 'comparables.introNone')}</p>
          <ol className={styles.comparableList} data-testid="comparables">
            {valuation.Comparables.map((comparable) => (
              <li key={comparable.Id}>
                <ComparableItem comparable={comparable} sellType={sellType} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function ComparableItem({ comparable, sellType }: { comparable: ValuationComparable; sellType: 1 | 2 }) {
  const { t } = useTranslation('valuation-result');
  const distance = formatDistance(comparable.DistanceM);
  const surface = `${formatThousands(comparable.SurfaceM2)}\u00a0m²`;
  const price = formatMoney(comparable.Price, sellType);
  const reasons = adjustmentReasons(comparable);
  const total = percentOf(comparable.Adjustment);

  return (
    <article
      className={cx(styles.comparable, comparable.Outlier && styles.outlier)}
      data-testid="comparable"
      data-comparable-id={comparable.Id}
      data-outlier={comparable.Outlier || undefined}
    >
      <div className={styles.comparableHead}>
        <p className={styles.comparableDistance}>{distance}</p>
        {comparable.Outlier ? (
          <span className={cx(styles.badge, styles.badgeOutlier)}>{t('comparables.outlier')}</span>
        ) : null}
        {comparable.Status === 'sold' ? <span className={styles.badge}>{t('comparables.sold')}</span> : null}
        {comparable.Status === 'published' ? (
          <Link
            to="/immobile/$id"
            params={{ id: String(comparable.Id) }}
            className={styles.comparableLink}
            aria-label={t('comparables.viewLabel', { distance, surface, price })}
          >
            {t('comparables.view')}
          </Link>
        ) : null}
      </div>
      <dl className={styles.comparableFigures}>
        <div>
          <dt>{t('comparables.surface')}</dt>
          <dd>{surface}</dd>
        </div>
        <div>
          <dt>{t('comparables.price')}</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>{t('comparables.perSqm')}</dt>
          <dd>{formatPerSqm(comparable.PricePerSqm, sellType)}</dd>
        </div>
        <div>
          <dt>{t('comparables.adjustment')}</dt>
          <dd>{formatPercent(total)}</dd>
        </div>
        <div>
          <dt>{t('comparables.adjusted')}</dt>
          <dd className={styles.adjusted}>{formatPerSqm(comparable.AdjustedPricePerSqm, sellType)}</dd>
        </div>
      </dl>
      <p className={styles.reasons}>
        {reasons.length === 0
          ? t('comparables.noAdjustment')
          : reasons
              .map((reason) =>
                t('comparables.reasonLine', {
                  percent: formatPercent(reason.percent),
                  reason: t(`comparables.reason.${reason.cause}.${reason.direction}`),
                }),
              )
              .join('; ')}
      </p>
      {comparable.Status === 'sold' ? <p className={styles.note}>{t('comparables.soldNote')}</p> : null}
      {comparable.Outlier ? <p className={styles.note}>{t('comparables.outlierNote')}</p> : null}
    </article>
  );
}
