import type { ReactNode } from 'react';
import type { StepId } from '@domain/wizard-steps';
import {
  lazyStepViews,
  SHARED_STEP_VIEWS,
  StepViewHost,
  WizardFrame,
  type StepViewProps,
  type WizardProgress,
} from '@/features/wizard-step-views';
import { useTranslation } from '@/shared/i18n';
import { PageMeta } from '@/shared/ui/page-meta';
import styles from './valuation-wizard-page.module.css';

/** Every view of the valuation: the shared ones and its own two (37, 29). */
const VIEWS = lazyStepViews({
  ...SHARED_STEP_VIEWS,
  saleOrRent: () => import('./steps/sale-or-rent-step'),
  thankYou: () => import('./steps/thank-you-step'),
});

export interface ValuationWizardPageProps<K extends StepId = StepId> {
  /** What the step's view gets (StepViewProps of the step on screen). */
  view: StepViewProps<K>;
  progress: WizardProgress;
  canGoBack: boolean;
  onBack: () => void;
  /** Leaving midway (asked first); none at the thank-you. */
  onExit?: () => void;
  /** Below the step: an action the error calls for (the login, for an address already registered). */
  notice?: ReactNode;
  /** The wizard was opened from the landing's button: its first heading takes the focus. */
  focusFirstStep?: boolean;
  /** The agency the valuation is asked through (from its page), said under the step. */
  agencyName?: string | null;
}

/** One step of the valuation wizard in its frame. */
export function ValuationWizardPage<K extends StepId>({
  view,
  progress,
  canGoBack,
  onBack,
  onExit,
  notice,
  focusFirstStep,
  agencyName,
}: ValuationWizardPageProps<K>) {
  const { t } = useTranslation('valuation-wizard');
  return (
    <div className={styles.wizard}>
      <PageMeta title={t('meta.wizardTitle')} noindex />
      <WizardFrame
        step={view.step}
        progress={progress}
        title={t('frame.title')}
        canGoBack={canGoBack}
        onBack={onBack}
        busy={view.busy}
        onExit={onExit}
        exitMessage={t('frame.exitMessage')}
        focusFirstStep={focusFirstStep}
      >
        <StepViewHost views={VIEWS} {...view} />
        {notice ? <div className={styles.notice}>{notice}</div> : null}
        {agencyName ? (
          <p className={styles.through} data-testid="valuation-through">
            {t('through', { agency: agencyName })}
          </p>
        ) : null}
      </WizardFrame>
    </div>
  );
}
