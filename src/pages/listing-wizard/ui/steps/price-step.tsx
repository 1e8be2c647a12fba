import { DEPOSIT_MAX_MONTHS, depositAboveLimit } from '@domain/wizard-steps';
import { formatThousands } from '@/shared/lib/number';
import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MoneyStep } from './money-step';

export const PRICE_MAX = 1_000_000_000;

/** Step 15: the asking price of a sale, or the monthly rent; the market's estimate beside it when there is one. */
export default function PriceStep({ flow, answer, answers, busy, error, onAnswer }: StepViewProps<'price'>) {
  const { t } = useTranslation('listing-wizard');
  const kind = flow === 'rent' ? 'rent' : 'sale';
  const market = answers.loader;
  const deposit = answers.deposit?.securityDeposit;
  const estimate =
    flow === 'sale' && market?.found && market.estimateMin !== null && market.estimateMax !== null
      ? t('steps.price.estimate', {
          min: formatThousands(market.estimateMin),
          max: formatThousands(market.estimateMax),
        })
      : undefined;
  return (
    <MoneyStep
      title={t(`steps.price.title.${kind}`)}
      hint={t(`steps.price.hint.${kind}`)}
      label={t(`steps.price.label.${kind}`)}
      unit={t(`steps.price.unit.${kind}`)}
      name="price"
      initial={answer?.price}
      note={estimate}
      busy={busy}
      error={error}
      problemOf={(value) => {
        if (value === null) return t(`steps.price.required.${kind}`);
        if (value < 1) return t('steps.price.tooSmall');
        if (value > PRICE_MAX) return t('steps.price.tooLarge');
        // The deposit (asked before the rent) is at most three months of it.
        if (flow === 'rent' && deposit !== undefined && depositAboveLimit(deposit, value))
          return t('steps.price.depositAboveThreeMonths', {
            deposit: formatThousands(deposit),
            min: formatThousands(Math.ceil(deposit / DEPOSIT_MAX_MONTHS)),
          });
        return undefined;
      }}
      onValue={(price) => onAnswer({ price })}
    />
  );
}
