import { useQuery } from '@tanstack/react-query';
import { Link, notFound } from '@tanstack/react-router';
import { useId } from 'react';
import { useSessionView } from '@/entities/session';
import { formatDate, formatDistance, formatMoney, formatPerSqm, isMissing, type Valuation } from '@/entities/valuation';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { HrefLink } from '@/shared/ui/href-link';
import { Spinner } from '@/shared/ui/spinner';
import { valuationQueryOptions } from '../api/valuation-query';
import { ComparableList } from './comparable-list';
import styles from './valuation-result-page.module.css';

/**
 * /valutocasa/{id}: a valuation for its owner — the estimate and its range, how sure it is,
 * and the comparable listings it came from with every adjustment; or, without enough of them
 * (step 40), why and what to do next. Personal, so the server renders the frame and the
 * browser reads the valuation (its space is kept, so nothing moves when it arrives).
 */
export function ValuationResultPage({ id }: { id: number }) {
  const { t } = useTranslation('valuation-result');
  const session = useSessionView();
  const valuation = useQuery(valuationQueryOptions(id, session));
  // Another's valuation, or none: the router's not-found page (the API never says which).
  if (valuation.isError && isMissing(valuation.error)) throw notFound();

  return (
    <Page eyebrow={t('eyebrow')} title={t('title')} width="narrow">
      <PageMeta title={t('meta.title')} noindex />
      <div className={styles.body} data-testid="valuation-result">
        {valuation.data ? (
          <Result valuation={valuation.data} loggedIn={session.isLoggedIn} />
        ) : valuation.isError ? (
          <Alert tone="error" title={t('loadError')}>
            <Button variant="secondary" size="small" onClick={() => void valuation.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <div className={styles.placeholder}>
            <Spinner label={t('loading')} />
          </div>
        )}
      </div>
    </Page>
  );
}

function Result({ valuation, loggedIn }: { valuation: Valuation; loggedIn: boolean }) {
  const { t } = useTranslation('valuation-result');
  const { t: tv } = useTranslation('valuation');
  const { Subject: subject, Estimate: estimate } = valuation;
  const radius = formatDistance(valuation.RadiusM);
  const estimateId = useId();

  return (
    <>
      <div className={styles.subject}>
        {subject.Address ? <p className={styles.address}>{subject.Address}</p> : null}
        <p className={styles.subjectLine}>
          {t('subject', {
            type: tv(`propertyTypes.${subject.PropertyTypeId}`),
            surface: `${formatThousands(subject.SurfaceM2)}\u00a0m²`,
            sellType: tv(`sellType.${subject.SellType}`),
          })}
          {' · '}
          {t('madeOn', { date: formatDate(valuation.CreatedAt) })}
        </p>
        {valuation.Agency ? (
          <p className={styles.subjectLine} data-testid="valuation-through">
            {t('through')} <HrefLink href={`/agenzie/${valuation.Agency.Slug}`}>{valuation.Agency.Name}</HrefLink>
          </p>
        ) : null}
      </div>

      {estimate ? (
        <section className={styles.estimate} aria-labelledby={estimateId} data-testid="valuation-estimate">
          <h2 id={estimateId} className="visually-hidden">
            {t('estimate.title')}
          </h2>
          <dl className={styles.figures}>
            <div className={styles.point}>
              <dt>{t(subject.SellType === 2 ? 'estimate.pointRent' : 'estimate.pointSale')}</dt>
              <dd className={styles.pointValue} data-testid="valuation-point">
                {formatMoney(estimate.Point, subject.SellType)}
              </dd>
            </div>
            <div>
              <dt>{t('estimate.range')}</dt>
              <dd data-testid="valuation-range">
                {t('estimate.rangeValue', {
                  low: formatMoney(estimate.Low, subject.SellType),
                  high: formatMoney(estimate.High, subject.SellType),
                })}
              </dd>
            </div>
            <div>
              <dt>{t('estimate.perSqm')}</dt>
              <dd>
                {formatPerSqm(estimate.PricePerSqm, subject.SellType)}{' '}
                <span className={styles.muted}>
                  (
                  {t('estimate.perSqmRange', {
                    low: formatPerSqm(estimate.PricePerSqmLow, subject.SellType),
                    high: formatPerSqm(estimate.PricePerSqmHigh, subject.SellType),
                  })}
                  )
                </span>
              </dd>
            </div>
            <div className={styles.wide}>
              <dt>{t('estimate.confidence')}</dt>
              <dd>
                <span className={styles.confidence} data-level={estimate.Confidence}>
                  {tv(`confidence.${estimate.Confidence}`)}
                </span>
                <span className={styles.help}>{t(`estimate.confidenceHelp.${estimate.Confidence}`)}</span>
              </dd>
            </div>
          </dl>
          <p className={styles.basis}>{t('estimate.basis', { count: estimate.ComparableCount, radius })}</p>
        </section>
      ) : (
        <section className={styles.none} aria-labelledby={estimateId} data-testid="valuation-none">
          <h2 id={estimateId} className={styles.noneTitle}>
            {t('none.title')}
          </h2>
          <p>{t(valuation.NoComparablesReason === 'outliers' ? 'none.outliers' : 'none.tooFew', { radius })}</p>
          <h3 className={styles.nextTitle}>{t('none.nextTitle')}</h3>
          <ul className={styles.nextList}>
            <li>
              <p>{t('none.nextContact')}</p>
              <Link to="/contatti" className={buttonClassName({ size: 'small' })}>
                {t('none.nextContactCta')}
              </Link>
            </li>
            <li>
              <p>{t('none.nextLater')}</p>
            </li>
          </ul>
        </section>
      )}

      <Alert tone="info" title={t('disclaimer.title')} live={false} className={styles.disclaimer}>
        <p>{t('disclaimer.text')}</p>
      </Alert>

      <ComparableList valuation={valuation} />

      {estimate ? (
        <section className={styles.next} aria-labelledby={`${estimateId}-next`}>
          <h2 id={`${estimateId}-next`} className={styles.sectionTitle}>
            {t('next.title')}
          </h2>
          <p>{t('next.contact')}</p>
          <div className={styles.actions}>
            <Link to="/contatti" className={buttonClassName()}>
              {t('next.contactCta')}
            </Link>
            {loggedIn ? (
              <Link to="/myrexer/valutazioni" className={buttonClassName({ variant: 'secondary' })}>
                {t('next.list')}
              </Link>
            ) : null}
          </div>
        </section>
      ) : loggedIn ? (
        <p className={styles.back}>
          <Link to="/myrexer/valutazioni" className={styles.link}>
            {t('next.list')}
          </Link>
        </p>
      ) : null}
    </>
  );
}
