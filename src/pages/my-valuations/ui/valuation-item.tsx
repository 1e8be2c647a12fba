import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatDate, formatMoney, formatPerSqm, type ValuationSummary } from '@/entities/valuation';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { buttonClassName } from '@/shared/ui/button';
import styles from './my-valuations-page.module.css';

/** One valuation of the list: the home, the estimate (or none), the date, the way to its result. */
export function ValuationItem({ valuation }: { valuation: ValuationSummary }) {
  const { t } = useTranslation('my-valuations');
  const { t: tv } = useTranslation('valuation');
  const headingId = useId();
  const address = valuation.Address ?? tv('noAddress');
  const estimated = valuation.Outcome === 'estimate' && valuation.Point !== null;

  return (
    <article
      className={styles.item}
      aria-labelledby={headingId}
      data-testid="valuation-item"
      data-valuation-id={valuation.Id}
    >
      <div className={styles.itemText}>
        <h2 id={headingId} className={styles.itemTitle}>
          {address}
        </h2>
        <p className={styles.subject}>
          {t('item.subject', {
            type: tv(`propertyTypes.${valuation.PropertyTypeId}`),
            surface: `${formatThousands(valuation.SurfaceM2)}\u00a0m²`,
            sellType: tv(`sellType.${valuation.SellType}`),
          })}
        </p>
        <p className={styles.date}>{t('item.date', { date: formatDate(valuation.CreatedAt) })}</p>
      </div>
      <div className={styles.itemFigure}>
        {estimated ? (
          <>
            <p className={styles.figureLabel}>{t(valuation.SellType === 2 ? 'item.estimateRent' : 'item.estimate')}</p>
            <p className={styles.figureValue}>{formatMoney(valuation.Point!, valuation.SellType)}</p>
            {valuation.Low !== null && valuation.High !== null ? (
              <p className={styles.figureRange}>
                {t('item.range', {
                  low: formatMoney(valuation.Low, valuation.SellType),
                  high: formatMoney(valuation.High, valuation.SellType),
                })}
                {valuation.PricePerSqm !== null ? ` · ${formatPerSqm(valuation.PricePerSqm, valuation.SellType)}` : ''}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className={styles.figureNone}>{t('item.none')}</p>
            <p className={styles.figureRange}>{t('item.noneText')}</p>
          </>
        )}
        <Link
          to="/valutocasa/$id"
          params={{ id: String(valuation.Id) }}
          className={buttonClassName({ size: 'small', variant: 'secondary' })}
          aria-label={t('item.openLabel', { address })}
        >
          {t('item.open')}
        </Link>
      </div>
    </article>
  );
}
