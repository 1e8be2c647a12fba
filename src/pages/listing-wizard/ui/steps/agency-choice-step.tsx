import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { formatDistance } from '@/entities/valuation';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { FieldMessage } from '@/shared/ui/field';
import { LinkButton } from '@/shared/ui/link-button';
import { Spinner } from '@/shared/ui/spinner';
import { StepForm } from '@/shared/ui/step-form';
import { TextField } from '@/shared/ui/text-field';
import type { StepViewProps } from '@/features/wizard-step-views';
import { draftAgenciesQueryOptions, type DraftAgency } from '../../api/draft-agencies';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';
import own from './agency-choice-step.module.css';

const normal = (text: string | null | undefined) =>
  (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const ratingFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Step 44 (exclusive): the agency that takes the mandate, among the partner agencies near the home
 * the server offers (GET /api/Property/{id}/Draft/Agencies, nearest first, each with its distance
 * and rating): the seller's pick, or Rexer's proposal to confirm. Each links to its page in a new
 * tab, so the wizard stays where it is.
 */
export default function AgencyChoiceStep({
  answer,
  answers,
  listingId,
  busy,
  error,
  onAnswer,
}: StepViewProps<'agencyChoice'>) {
  const { t } = useTranslation('listing-wizard');
  const offer = useQuery({
    ...draftAgenciesQueryOptions(listingId ?? 0),
    enabled: listingId !== null,
  });
  const letRexer = answers.agencySplit?.choice === 'letRexerChoose';
  const [chosen, setChosen] = useState<number | undefined>(answer?.agencyId);
  const [browsing, setBrowsing] = useState(!letRexer);
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const group = useId();

  const list = offer.data?.Items ?? [];
  const proposal = letRexer ? list.find((agency) => agency.Id === offer.data?.ProposedId) : undefined;
  // An agency picked before that the offer no longer holds (the home moved) is no choice.
  const picked = list.some((agency) => agency.Id === chosen) ? chosen : undefined;
  const selected = picked ?? (browsing ? undefined : proposal?.Id);
  const shown = browsing
    ? list.filter((agency) => normal(`${agency.Name} ${agency.CityName ?? ''}`).includes(normal(filter)))
    : proposal
      ? [proposal]
      : [];
  const mode = browsing ? 'choose' : 'rexer';
  const errorId = problem ? `${group}-error` : undefined;

  const submit = () => {
    if (selected === undefined) {
      setProblem(t('steps.agencyChoice.required'));
      return focusInvalid(fields.current);
    }
    onAnswer({ agencyId: selected });
  };

  const card = (agency: DraftAgency) => {
    const checked = selected === agency.Id;
    const id = `${group}-${agency.Id}`;
    const place = [agency.CityName, t('steps.agencyChoice.distance', { distance: formatDistance(agency.DistanceM) })]
      .filter(Boolean)
      .join(' · ');
    return (
      <li key={agency.Id} className={cx(own.card, checked && own.checked, problem ? own.invalid : undefined)}>
        <label htmlFor={id} className={own.pick}>
          <input
            id={id}
            type="radio"
            name={group}
            className={own.radio}
            value={String(agency.Id)}
            checked={checked}
            onChange={() => {
              setChosen(agency.Id);
              setProblem(undefined);
            }}
          />
          <span className={own.text}>
            <span className={own.name}>{agency.Name}</span>
            <span className={own.meta}>{place}</span>
            <span className={own.rating}>
              {agency.Rating != null && agency.ReviewsCount > 0 ? (
                <>
                  <span className={own.stars} aria-hidden="true">
                    ★{' '}
                  </span>
                  {t('steps.agencyChoice.rating', {
                    rating: ratingFormat.format(agency.Rating),
                    count: agency.ReviewsCount,
                  })}
                </>
              ) : (
                t('steps.agencyChoice.noReviews')
              )}
            </span>
          </span>
        </label>
        <a className={own.page} href={`/agenzie/${agency.Slug}`} target="_blank" rel="noopener">
          {t('steps.agencyChoice.page')}
          <span aria-hidden="true"> ↗</span>
          <span className="visually-hidden"> {t('steps.agencyChoice.pageOf', { name: agency.Name })}</span>
        </a>
      </li>
    );
  };

  return (
    <StepForm
      title={t(`steps.agencyChoice.title.${mode}`)}
      hint={t(`steps.agencyChoice.hint.${mode}`)}
      submitLabel={t('steps.agencyChoice.submit')}
      onSubmit={submit}
      busy={busy || offer.isPending}
      error={error}
    >
      <div ref={fields} className={styles.stack}>
        {offer.isPending ? <Spinner label={t('steps.agencyChoice.loading')} /> : null}
        {offer.isError ? (
          <Alert tone="error">
            {t('steps.agencyChoice.error')}{' '}
            <Button variant="secondary" size="small" onClick={() => void offer.refetch()}>
              {t('steps.agencyChoice.retry')}
            </Button>
          </Alert>
        ) : null}
        {browsing && list.length > 6 ? (
          <TextField
            label={t('steps.agencyChoice.filter')}
            type="search"
            name="agencyFilter"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        ) : null}
        {offer.data ? (
          list.length === 0 ? (
            <p className={styles.note}>{t('steps.agencyChoice.none')}</p>
          ) : shown.length > 0 ? (
            <fieldset className={own.group} aria-describedby={errorId}>
              <legend className="visually-hidden">{t('steps.agencyChoice.legend')}</legend>
              <ul className={own.list}>{shown.map(card)}</ul>
              {problem ? (
                <FieldMessage id={errorId} tone="error">
                  {problem}
                </FieldMessage>
              ) : null}
            </fieldset>
          ) : (
            <p className={styles.note}>{t('steps.agencyChoice.noMatch')}</p>
          )
        ) : null}
        {!browsing && list.length > 1 ? (
          <LinkButton onClick={() => setBrowsing(true)}>{t('steps.agencyChoice.other')}</LinkButton>
        ) : null}
      </div>
    </StepForm>
  );
}
