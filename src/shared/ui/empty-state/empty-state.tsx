import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** A heading (h2): what is empty. */
  title?: ReactNode;
  /** What it means, or what to do. */
  text: ReactNode;
  /** Where to go from here: links or buttons. */
  actions?: ReactNode;
  'data-testid'?: string;
}

/** The place of a list that has nothing yet: what is missing and where to go from here. */
export function EmptyState({ title, text, actions, 'data-testid': testId }: EmptyStateProps) {
  return (
    <section className={styles.empty} data-testid={testId}>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      <p className={styles.text}>{text}</p>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
