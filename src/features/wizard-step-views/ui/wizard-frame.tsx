import { useState, type ReactNode } from 'react';
import type { StepId } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { StepFocusContext } from '@/shared/ui/step-form';
import type { WizardProgress } from '../model/progress';
import { LazyInsertExitModal } from './lazy-insert-exit-modal';
import styles from './wizard-frame.module.css';

export interface WizardFrameProps {
  /** The step shown: when it changes, the new step's heading takes the focus. */
  step: StepId;
  /** The step's place among the flow's questions (`wizardProgress` of domain/wizard-progress.ts), or past them (`beyond`). */
  progress: WizardProgress;
  /** The wizard's name above the progress ("Valutazione gratuita"), already translated. */
  title: ReactNode;
  /** Back is offered (the machine can go back): the button shows only then. */
  canGoBack: boolean;
  onBack: () => void;
  /** Back and Esci are disabled while a call is under way. */
  busy?: boolean;
  /** The user confirmed the exit modal. Without it, no Esci button (a finished wizard). */
  onExit?: () => void;
  /** The exit modal's text, when the page says otherwise than the default. */
  exitMessage?: ReactNode;
  /**
   * The first step's heading takes the focus too (the wizard opened from a button of the same
   * page, whose focus would otherwise be lost); a page load keeps the browser's focus.
   */
  focusFirstStep?: boolean;
  /** The step's view. */
  children: ReactNode;
}

/**
 * The page frame of one wizard step, made for a phone: Back and Esci on top, the progress,
 * and the step's view under them. Esci asks first (InsertExitModal, loaded when it first opens). The view is remounted
 * when the step changes and its StepHeading takes the focus.
 */
export function WizardFrame({
  step,
  progress,
  title,
  canGoBack,
  onBack,
  busy = false,
  onExit,
  exitMessage,
  focusFirstStep = false,
  children,
}: WizardFrameProps) {
  const { t } = useTranslation('wizard');
  const [exitOpen, setExitOpen] = useState(false);
  // The first step shown keeps the browser's focus (a page load); every later step moves it.
  const [firstStep] = useState(step);
  const [changed, setChanged] = useState(false);
  if (step !== firstStep && !changed) setChanged(true);
  const percent = Math.round((Math.min(progress.current, progress.total) / progress.total) * 100);
  // Past the questions the bar is full and says so, rather than a number past the total.
  const label = progress.beyond
    ? t('frame.lastSteps')
    : t('frame.progress', { current: progress.current, total: progress.total });

  return (
    <div className={styles.frame}>
      <div className={styles.bar}>
        <div className={styles.barStart}>
          {canGoBack ? (
            <button type="button" className={styles.barButton} onClick={onBack} disabled={busy}>
              <Icon name="chevron-left" className={styles.barIcon} />
              {t('frame.back')}
            </button>
          ) : null}
        </div>
        <p className={styles.title}>{title}</p>
        <div className={styles.barEnd}>
          {onExit ? (
            <button type="button" className={styles.barButton} onClick={() => setExitOpen(true)} disabled={busy}>
              {t('frame.exit')}
              <Icon name="close" className={styles.barIcon} />
            </button>
          ) : null}
        </div>
      </div>
      <div className={styles.progress}>
        <div
          className={styles.track}
          role="progressbar"
          aria-label={t('frame.progressLabel')}
          aria-valuemin={1}
          aria-valuemax={progress.total}
          aria-valuenow={Math.min(progress.current, progress.total)}
          aria-valuetext={label}
        >
          <div className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.count} aria-hidden="true">
          {label}
        </p>
      </div>
      <StepFocusContext.Provider value={{ focusOnMount: focusFirstStep || changed || step !== firstStep }}>
        <div key={step} className={styles.step} data-step={step}>
          {children}
        </div>
      </StepFocusContext.Provider>
      {onExit ? (
        <LazyInsertExitModal
          open={exitOpen}
          message={exitMessage}
          onCancel={() => setExitOpen(false)}
          onConfirm={() => {
            setExitOpen(false);
            onExit();
          }}
        />
      ) : null}
    </div>
  );
}
