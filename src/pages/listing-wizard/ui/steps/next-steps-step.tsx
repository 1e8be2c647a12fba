import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n';
import { meQueryOptions } from '@/entities/account';
import type { StepViewProps } from '@/features/wizard-step-views';
import { useWizardExtras } from '../../model/wizard-extras';
import { MessageStep } from './message-step';
import styles from './steps.module.css';

const ITEMS = ['visits', 'manage', 'quality'] as const;

/** Step 34: what happens after the publication; the wizard ends here (My listings next). */
export default function NextStepsStep({ busy, error, onAnswer }: StepViewProps<'nextSteps'>) {
  const { t } = useTranslation('listing-wizard');
  const { draft } = useWizardExtras();
  // The address of an account made in the wizard is still to be confirmed from the mail.
  const me = useQuery(meQueryOptions());
  return (
    <MessageStep
      title={t('steps.nextSteps.title')}
      text={t('steps.nextSteps.hint')}
      submitLabel={t('steps.nextSteps.submit')}
      busy={busy}
      error={error}
      onContinue={() => onAnswer(null)}
    >
      <ol className={styles.checklist}>
        {ITEMS.filter((item) => item !== 'quality' || (draft?.qualityScore ?? 0) < 100).map((item) => (
          <li key={item}>{t(`steps.nextSteps.items.${item}`)}</li>
        ))}
      </ol>
      {me.data && !me.data.RegistrationConfirmed ? (
        <p className={styles.note}>{t('steps.nextSteps.confirmMail')}</p>
      ) : null}
    </MessageStep>
  );
}
