import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './step-form.module.css';

/**
 * Whether a step heading that mounts now should take the focus: the wizard's frame says yes
 * once the step has changed since the page opened (a fresh page keeps the browser's focus).
 */
export const StepFocusContext = createContext<{ focusOnMount: boolean }>({ focusOnMount: false });

export interface StepHeadingProps {
  children: ReactNode;
  id?: string;
  className?: string;
}

/**
 * The h1 of one wizard step. It is focusable from script only (tabIndex -1) and takes the
 * focus when it appears after a step change, so a screen reader announces the new question
 * and the keyboard goes on from there.
 */
export function StepHeading({ children, id, className }: StepHeadingProps) {
  const { focusOnMount } = useContext(StepFocusContext);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    // A new step is a new page: it opens at its top. Focusing the heading of a step reached from
    // further down the last one would scroll it just to the viewport's edge, under the sticky
    // header, and the question would open hidden.
    window.scrollTo?.({ top: 0 });
    ref.current?.focus({ preventScroll: true });
    // Only on mount: a re-render of the same step must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={cx(styles.heading, className)}>
      {children}
    </h1>
  );
}
