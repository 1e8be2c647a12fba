import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { buttonClassName } from '@/shared/ui/button';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MessageStep } from './message-step';

/** Step 22: the listing is online, with the link to its public page. */
export default function PublicationSuccessStep({
  listingId,
  busy,
  error,
  onAnswer,
}: StepViewProps<'publicationSuccess'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <MessageStep
      tone="success"
      title={t('steps.publicationSuccess.title')}
      text={t('steps.publicationSuccess.text')}
      submitLabel={t('steps.publicationSuccess.submit')}
      busy={busy}
      error={error}
      onContinue={() => onAnswer(null)}
    >
      {listingId !== null ? (
        <Link
          to="/immobile/$id"
          params={{ id: String(listingId) }}
          className={buttonClassName({ variant: 'secondary', fullWidth: true })}
          data-testid="published-listing-link"
        >
          {t('steps.publicationSuccess.view')}
        </Link>
      ) : null}
    </MessageStep>
  );
}
