import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '@/features/wizard-step-views';
import { focusInvalid } from './focus-invalid';

/** Step 46 (exclusive with partner): the seller agrees to be contacted by the partner agency. */
export default function PartnerLeadStep({ answer, busy, error, onAnswer }: StepViewProps<'partnerLead'>) {
  const { t } = useTranslation('listing-wizard');
  const [consent, setConsent] = useState(answer?.contactConsent === true);
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const submit = () => {
    if (!consent) {
      setProblem(t('steps.partnerLead.required'));
      return focusInvalid(fields.current);
    }
    onAnswer({ contactConsent: true });
  };
  return (
    <StepForm
      title={t('steps.partnerLead.title')}
      hint={t('steps.partnerLead.hint')}
      submitLabel={t('steps.partnerLead.submit')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fields}>
        <Checkbox
          name="contactConsent"
          label={t('steps.partnerLead.consent')}
          checked={consent}
          error={problem}
          onChange={(event) => {
            setConsent(event.target.checked);
            setProblem(undefined);
          }}
        />
      </div>
    </StepForm>
  );
}
