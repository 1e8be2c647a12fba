import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { StepForm } from '@/shared/ui/step-form';
import { catalogueQueryOptions } from '../api/orders-api';
import { formatEuroCents } from '../lib/money';
import {
  choiceOf,
  isExclusive,
  ladderOf,
  linesOf,
  totalOf,
  type Ladder,
  type Plan,
  type PlanChoice,
} from '../model/ladder';
import { OptionCard } from './option-card';
import styles from './value-ladder.module.css';

/** What became of the payment of the wizard's last order (the machine's `order`). */
export interface LadderOrder {
  id: string;
  outcome: 'pending' | 'paid' | 'failed' | 'abandoned';
}

/**
 * The props of step 28 as the wizard's step-view contract gives them
 * (src/features/wizard-step-views/model/step-view.ts `StepViewProps<'valueLadder'>`, with its
 * optional `order`). Declared here rather than imported: a feature does not import another
 * one; the test and the listing page's registry check that the two fit.
 */
export interface ValueLadderStepProps {
  step: 'valueLadder';
  flow: 'sale' | 'rent' | 'valuation';
  answer: PlanChoice | undefined;
  busy: boolean;
  error: string | null;
  onAnswer: (answer: PlanChoice) => void;
  /** The wizard's latest order: a failed or abandoned payment is said above the choice. */
  order?: LadderOrder | null;
}

/**
 * Step 28, the value ladder: one question (how to publish), the four plans and the extra
 * services of the catalogue with their prices and what each includes, what the choice costs
 * now, and a submit that says whether a payment follows. The machine creates the order and
 * sends the seller to pay; a failed or abandoned payment brings the seller back here with the
 * choice kept and the outcome said.
 */
export default function ValueLadderStep({ flow, answer, busy, error, onAnswer, order }: ValueLadderStepProps) {
  const { t } = useTranslation('buy-service');
  const catalogue = useQuery(catalogueQueryOptions());
  const ladder = useMemo(() => (catalogue.data ? ladderOf(catalogue.data, flow) : null), [catalogue.data, flow]);
  const [plan, setPlan] = useState<Plan | null>(answer?.plan ?? null);
  const [serviceIds, setServiceIds] = useState<number[]>(answer?.serviceIds ?? []);
  const [missingPlan, setMissingPlan] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const choice = ladder && plan ? choiceOf(ladder, plan, serviceIds) : null;
  const total = ladder && choice ? totalOf(linesOf(ladder, choice)) : 0;
  const unpaid = order && (order.outcome === 'failed' || order.outcome === 'abandoned') ? order.outcome : null;

  const submit = () => {
    if (!ladder) return;
    if (!choice) {
      setMissingPlan(true);
      fieldsRef.current?.querySelector<HTMLInputElement>('input[name="plan"]')?.focus();
      return;
    }
    onAnswer(choice);
  };

  return (
    <StepForm
      title={t('ladder.title')}
      hint={t(flow === 'rent' ? 'ladder.hint.rent' : 'ladder.hint.sale')}
      onSubmit={submit}
      submitLabel={total > 0 ? t('ladder.submit.pay', { total: formatEuroCents(total) }) : t('ladder.submit.free')}
      busy={busy}
      error={error}
    >
      {unpaid ? (
        <Alert
          tone={unpaid === 'failed' ? 'error' : 'info'}
          title={t(`ladder.outcome.${unpaid}.title`)}
          className={styles.outcome}
        >
          <p>{t(`ladder.outcome.${unpaid}.text`)}</p>
        </Alert>
      ) : null}
      <div ref={fieldsRef} className={styles.fields} data-testid="value-ladder">
        {ladder ? (
          <LadderFields
            ladder={ladder}
            plan={plan}
            serviceIds={serviceIds}
            missingPlan={missingPlan}
            onPlan={(next) => {
              setPlan(next);
              setMissingPlan(false);
            }}
            onService={(id, on) =>
              setServiceIds((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)))
            }
          />
        ) : catalogue.isError ? (
          <Alert tone="error" title={t('catalogue.error')}>
            <Button variant="secondary" size="small" onClick={() => void catalogue.refetch()}>
              {t('catalogue.retry')}
            </Button>
          </Alert>
        ) : (
          <div className={styles.skeleton} role="status" aria-label={t('catalogue.loading')} />
        )}
      </div>
    </StepForm>
  );
}

interface LadderFieldsProps {
  ladder: Ladder;
  plan: Plan | null;
  serviceIds: readonly number[];
  missingPlan: boolean;
  onPlan: (plan: Plan) => void;
  onService: (id: number, on: boolean) => void;
}

function LadderFields({ ladder, plan, serviceIds, missingPlan, onPlan, onService }: LadderFieldsProps) {
  const { t } = useTranslation('buy-service');
  const planErrorId = `ladder-plan-error-${useId()}`;
  const summaryId = useId();
  const exclusiveNoteId = useId();
  const exclusive = isExclusive(plan);
  const choice = plan ? choiceOf(ladder, plan, serviceIds) : null;
  const lines = choice ? linesOf(ladder, choice) : [];

  return (
    <>
      <fieldset className={styles.group} aria-describedby={missingPlan ? planErrorId : undefined}>
        <legend className={styles.legend}>{t('ladder.plans')}</legend>
        <div className={styles.options}>
          {ladder.plans.map((item) => (
            <OptionCard
              key={item.plan}
              id={`plan-${item.plan}`}
              type="radio"
              name="plan"
              checked={plan === item.plan}
              onChange={() => onPlan(item.plan)}
              label={item.Name}
              price={
                item.PriceCents > 0
                  ? formatEuroCents(item.PriceCents)
                  : t(isExclusive(item.plan) ? 'price.nothingToday' : 'price.free')
              }
              description={item.Description}
              invalid={missingPlan}
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
        <fieldset
          className={styles.group}
          disabled={exclusive}
          aria-describedby={exclusive ? exclusiveNoteId : undefined}
        >
          <legend className={styles.legend}>{t('ladder.extras')}</legend>
          {exclusive ? (
            <p id={exclusiveNoteId} className={styles.groupNote}>
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
                onChange={(on) => onService(extra.Id, on)}
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
                <dd>
                  {line.cents > 0 ? formatEuroCents(line.cents) : t(line.later ? 'price.nothingToday' : 'price.free')}
                </dd>
              </div>
            ))}
            <div className={styles.totalLine}>
              <dt>{t('ladder.total')}</dt>
              <dd data-testid="ladder-total">{formatEuroCents(totalOf(lines))}</dd>
            </div>
          </dl>
        ) : (
          <p className={styles.groupNote}>{t('ladder.summaryEmpty')}</p>
        )}
        {totalOf(lines) > 0 ? <p className={styles.payNote}>{t('ladder.payNote')}</p> : null}
      </section>
    </>
  );
}
