import { Link } from '@tanstack/react-router';
import type { StepViewProps } from '@/features/wizard-step-views';
import { useTranslation } from '@/shared/i18n';
import { buttonClassName } from '@/shared/ui/button';
import { StepHeading } from '@/shared/ui/step-form';
import styles from '../valuation-wizard-page.module.css';

/** Step 29: the valuation ends here, with the way to its page (/valutocasa/{id}). */
export default function ThankYouStep({ valuationId, answers }: StepViewProps<'thankYou'>) {
  const { t } = useTranslation('valuation-wizard');
  return (
    <div className={styles.thankYou}>
      <StepHeading>{t('steps.thankYou.title')}</StepHeading>
      <p className={styles.thankYouText}>{t('steps.thankYou.text')}</p>
      {answers.email ? <p className={styles.thankYouText}>{t('steps.thankYou.mail')}</p> : null}
      <div className={styles.thankYouActions}>
        {valuationId ? (
          <Link
            to="/valutocasa/$id"
            params={{ id: String(valuationId) }}
            className={buttonClassName({ size: 'large', fullWidth: true })}
          >
            {t('steps.thankYou.view')}
          </Link>
        ) : null}
        <a href="/valutocasa" className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
          {t('steps.thankYou.again')}
        </a>
      </div>
    </div>
  );
}
