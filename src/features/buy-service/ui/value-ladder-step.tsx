import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { catalogueQueryOptions } from '../api/orders-api';
import { formatEuroCents } from '../lib/money';
import { choiceOf, isExclusive, ladderOf, linesOf, totalOf, type Ladder, type Plan, type PlanChoice } from '../model/ladder';
import { OptionCard } from './option-card';
import styles from './value-ladder.module.css';

/** What became of the payment of the last order, when the wizard came back to 28 with one. */
export interface LadderOrder {
  id: string;
  outcome: 'pending' | 'paid' | 'failed' | 'abandoned';
}

/**
 * The props of step 28 as the wizard's step-view contract gives them
 * (src/features/wizard-steps/model/step-view.ts `StepViewProps<'valueLadder'>`, plus its
 * optional `order`). Declared here, not imported: a feature does not import another one; the
 * listing page's registry checks that the two fit.
 */
export interface ValueLadderStepProps {
  step: 'valueLadder';
  flow: 'sale' | 'rent' | 'valuation';
  answer: PlanChoice | undefined;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  onAnswer: (answer: PlanChoice) => void;
  /** The wizard's latest order: a failed or abandoned payment is said above the choice. */
  order?: LadderOrder | null;
}

/**
 * Step 28, the value ladder: one question (how to publish), the four plans and the extra
 * services of the catalogue with their prices, what the choice costs now, and a submit that
 * says whether a payment follows. The machine creates the order and sends the seller to pay;
 * a failed or abandoned payment brings the seller back here with the choice kept.
 */
export function ValueLadderStep({ flow, answer, busy, error, onAnswer, order }: ValueLadderStepProps) {
  const { t } = useTranslation('buy-service');
  const catalogue = useQuery(catalogueQueryOptions());
  const ladder = useMemo(() => (catalogue.data ? ladderOf(catalogue.data, flow) : null), [catalogue.data, flow]);
  const headingId = useId();

  return (
    <section className={styles.step} aria-labelledby={headingId} data-testid="value-ladder">
      <h1 id={headingId} className={styles.title} tabIndex={-1} data-step-heading>
        {t('ladder.title')}
      </h1>
      <p className={styles.hint}>{t(flow === 'rent' ? 'ladder.hint.rent' : 'ladder.hint.sale')}</p>
      {order && (order.outcome === 'failed' || order.outcome === 'abandoned') ? (
        <Alert tone={order.outcome === 'failed' ? 'error' : 'info'} title={t(`ladder.outcome.${order.outcome}.title`)} className={styles.outcome}>
          <p>{t(`ladder.outcome.${order.outcome}.text`)}</p>
        </Alert>
      ) : null}
      {ladder ? (
        <LadderForm ladder={ladder} answer={answer} busy={busy} error={error} onAnswer={onAnswer} />
      ) : catalogue.isError ? (
        <Alert tone="error" title={t('catalogue.error')}>
          <Button variant="secondary" size="small" onClick={() => void catalogue.refetch()}>
            {t('catalogue.retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.skeleton} role="status" aria-label={t('catalogue.loading')} />
      )}
    </section>
  );
}

function LadderForm({ ladder, answer, busy, error, onAnswer }: { ladder: Ladder } & Pick<ValueLadderStepProps, 'answer' | 'busy' | 'error' | 'onAnswer'>) {
  const { t } = useTranslation('buy-service');
  const [plan, setPlan] = useState<Plan | null>(answer?.plan ?? null);
  const [serviceIds, setServiceIds] = useState<number[]>(answer?.serviceIds ?? []);
  const [missingPlan, setMissingPlan] = useState(false);
  const planErrorId = useId();
  const summaryId = useId();
  const exclusive = isExclusive(plan);
  const choice = plan ? choiceOf(ladder, plan, serviceIds) : null;
  const lines = choice ? linesOf(ladder, choice) : [];
  const total = totalOf(lines);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setMissingPlan(true);
      document.getElementById(`plan-${ladder.plans[0]?.plan}`)?.focus();
      return;
    }
    onAnswer(choice);
  };

  const toggle = (id: number, on: boolean) => setServiceIds((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.group} aria-describedby={missingPlan ? planErrorId : undefined} aria-invalid={missingPlan || undefined}>
        <legend className={styles.legend}>{t('ladder.plans')}</legend>
        <div className={styles.options}>
          {ladder.plans.map((item) => (
            <OptionCard
              key={item.plan}
              id={`plan-${item.plan}`}
              type="radio"
              name="plan"
              checked={plan === item.plan}
              onChange={() => {
                setPlan(item.plan);
                setMissingPlan(false);
              }}
              label={item.Name}
              price={item.PriceCents > 0 ? formatEuroCents(item.PriceCents) : t(isExclusive(item.plan) ? 'price.nothingToday' : 'price.free')}
              description={item.Description}
              testId={`plan-${item.plan}`}
            />
          ))}
        </div>
        {missingPlan ? (
          <p id={planErrorId} className={styles.fieldError} role="alert">
            {t('ladder.errors.noPlan')}
          </p>
        ) : null}
      </fieldset>

      {ladder.extras.length > 0 ? (
        <fieldset className={styles.group} disabled={exclusive} aria-describedby={exclusive ? `${summaryId}-exclusive` : undefined}>
          <legend className={styles.legend}>{t('ladder.extras')}</legend>
          {exclusive ? (
            <p id={`${summaryId}-exclusive`} className={styles.groupNote}>
              {t('ladder.extrasWithExclusive')}
            </p>
          ) : (
            <p className={styles.groupNote}>{t('ladder.extrasHint')}</p>
          )}
          <div className={styles.options}>
            {ladder.extras.map((extra) => (
              <OptionCard
                key={extra.Id}
                id={`service-${extra.Id}`}
                type="checkbox"
                name="services"
                checked={!exclusive && serviceIds.includes(extra.Id)}
                onChange={(on) => toggle(extra.Id, on)}
                label={extra.Name}
                price={formatEuroCents(extra.PriceCents)}
                description={extra.Description}
                disabled={exclusive}
                testId={`service-${extra.Id}`}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <section className={styles.summary} aria-labelledby={summaryId} data-testid="ladder-summary">
        <h2 id={summaryId} className={styles.summaryTitle}>
          {t('ladder.summary')}
        </h2>
        {choice ? (
          <dl className={styles.lines}>
            {lines.map((line) => (
              <div key={line.key} className={styles.line}>
                <dt>{line.name}</dt>
                <dd>{line.cents > 0 ? formatEuroCents(line.cents) : t('price.free')}</dd>
              </div>
            ))}
            <div className={styles.totalLine}>
              <dt>{t('ladder.total')}</dt>
              <dd data-testid="ladder-total">{formatEuroCents(total)}</dd>
            </div>
          </dl>
        ) : (
          <p className={styles.groupNote}>{t('ladder.summaryEmpty')}</p>
        )}
        {total > 0 ? <p className={styles.payNote}>{t('ladder.payNote')}</p> : null}
      </section>

      {error ? (
        <Alert tone="error" className={styles.error}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" size="large" fullWidth loading={busy} data-testid="ladder-submit">
        {total > 0 ? t('ladder.submit.pay', { total: formatEuroCents(total) }) : t('ladder.submit.free')}
      </Button>
    </form>
  );
}
