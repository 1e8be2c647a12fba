import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Icon } from '@/shared/ui/icon';
import { Spinner } from '@/shared/ui/spinner';
import { StepHeading } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import styles from './steps.module.css';

/** How long each phase of the search is shown (the search itself takes what it takes). */
export const PHASE_MS = 1400;

/**
 * Step 14: the comparables search runs (the machine calls it; the view answers nothing). The
 * phases give a sense of progress; the last one stays until the result arrives.
 */
export default function LoaderStep({ error }: StepViewProps<'loader'>) {
  const { t } = useTranslation('wizard');
  const phases = t('steps.loader.phases', { returnObjects: true }) as unknown as string[];
  const [phase, setPhase] = useState(0);
  useEffect(() => {
    if (phase >= phases.length - 1) return;
    const timer = setTimeout(() => setPhase((current) => current + 1), PHASE_MS);
    return () => clearTimeout(timer);
  }, [phase, phases.length]);

  return (
    <div className={styles.loader}>
      <StepHeading>{t('steps.loader.title')}</StepHeading>
      <p className={styles.muted}>{t('steps.loader.hint')}</p>
      <Spinner label={t('steps.loader.busy')} size="large" />
      <ol className={styles.phases} aria-live="polite">
        {phases.map((text, index) => (
          <li
            key={text}
            className={cx(styles.phase, index < phase && styles.phaseDone, index === phase && styles.phaseCurrent)}
            aria-current={index === phase ? 'step' : undefined}
          >
            <Icon name={index < phase ? 'check' : 'chevron-right'} />
            {text}
          </li>
        ))}
      </ol>
      {error ? (
        <p role="alert" className={styles.message}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
