import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { agenciesQueryOptions, type components } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { LinkButton } from '@/shared/ui/link-button';
import { Spinner } from '@/shared/ui/spinner';
import { StepForm } from '@/shared/ui/step-form';
import { TextField } from '@/shared/ui/text-field';
import type { StepViewProps } from '@/features/wizard-step-views';
import { municipalityQueryOptions } from '@/features/pick-location';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';

type Agency = components['schemas']['Agency'];

const normal = (text: string | null | undefined) =>
  (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The agency Rexer proposes: a partner of the listing's town when there is one, else the first
 * partner (the list comes partners first), else the first agency.
 */
export function proposedAgency(agencies: readonly Agency[], town: string | undefined): Agency | undefined {
  const partners = agencies.filter((agency) => agency.Partner);
  const local = town ? partners.find((agency) => normal(agency.CityName) === normal(town)) : undefined;
  return local ?? partners[0] ?? agencies[0];
}

/** Step 44 (exclusive): the agency that takes the mandate: the seller's pick, or Rexer's proposal to confirm. */
export default function AgencyChoiceStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'agencyChoice'>) {
  const { t } = useTranslation('listing-wizard');
  const agencies = useQuery(agenciesQueryOptions());
  const letRexer = answers.agencySplit?.choice === 'letRexerChoose';
  const istat = answers.locality?.municipalityIstat ?? '';
  const town = useQuery({ ...municipalityQueryOptions(istat), enabled: istat !== '' }).data?.name;
  const [chosen, setChosen] = useState<number | undefined>(answer?.agencyId);
  const [browsing, setBrowsing] = useState(!letRexer);
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);

  const list = agencies.data ?? [];
  const proposal = letRexer ? proposedAgency(list, town) : undefined;
  const selected = chosen ?? (browsing ? undefined : proposal?.Id);
  const shown = browsing
    ? list.filter((agency) => normal(`${agency.Name} ${agency.CityName ?? ''}`).includes(normal(filter)))
    : proposal
      ? [proposal]
      : [];
  const mode = browsing ? 'choose' : 'rexer';

  const submit = () => {
    if (selected === undefined) {
      setProblem(t('steps.agencyChoice.required'));
      return focusInvalid(fields.current);
    }
    onAnswer({ agencyId: selected });
  };

  return (
    <StepForm
      title={t(`steps.agencyChoice.title.${mode}`)}
      hint={t(`steps.agencyChoice.hint.${mode}`)}
      submitLabel={t('steps.agencyChoice.submit')}
      onSubmit={submit}
      busy={busy || agencies.isPending}
      error={error}
    >
      <div ref={fields} className={styles.stack}>
        {agencies.isPending ? <Spinner label={t('steps.agencyChoice.loading')} /> : null}
        {agencies.isError ? (
          <Alert tone="error">
            {t('steps.agencyChoice.error')}{' '}
            <Button variant="secondary" size="small" onClick={() => void agencies.refetch()}>
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
        {agencies.data ? (
          shown.length > 0 ? (
            <ChoiceCards<number>
              legend={t('steps.agencyChoice.legend')}
              hideLegend
              options={shown.map((agency) => ({
                value: agency.Id,
                label: agency.Name,
                description: [agency.CityName, agency.Partner ? t('steps.agencyChoice.partner') : null]
                  .filter(Boolean)
                  .join(' · '),
              }))}
              value={selected}
              error={problem}
              onChange={(id) => {
                setChosen(id);
                setProblem(undefined);
              }}
            />
          ) : (
            <p className={styles.note}>{t('steps.agencyChoice.noMatch')}</p>
          )
        ) : null}
        {!browsing ? <LinkButton onClick={() => setBrowsing(true)}>{t('steps.agencyChoice.other')}</LinkButton> : null}
      </div>
    </StepForm>
  );
}
