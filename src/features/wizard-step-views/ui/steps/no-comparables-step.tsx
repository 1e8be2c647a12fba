import { useTranslation } from '@/shared/i18n';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import styles from './steps.module.css';

/** Step 40: too few comparable listings for an honest estimate. */
export default function NoComparablesStep({ busy, error, onAnswer }: StepViewProps<'noComparables'>) {
  const { t } = useTranslation('wizard');
  return (
    <StepForm
      title={t('steps.noComparables.title')}
      hint={t('steps.noComparables.text')}
      submitLabel={t('steps.noComparables.submit')}
      onSubmit={() => onAnswer(null)}
      busy={busy}
      error={error}
    >
      <div className={styles.fields}>
        <h2 className={styles.legend}>{t('steps.noComparables.tips')}</h2>
        <ul className={styles.tips}>
          <li>{t('steps.noComparables.tip1')}</li>
          <li>{t('steps.noComparables.tip2')}</li>
        </ul>
      </div>
    </StepForm>
  );
}
