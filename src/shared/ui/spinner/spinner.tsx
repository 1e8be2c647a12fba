import { cx } from '@/shared/lib/class-names';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** The text announced to screen readers (already translated). */
  label: string;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

export function Spinner({ label, size = 'medium', className }: SpinnerProps) {
  return (
    <span role="status" className={cx(styles.wrapper, className)}>
      <span className={cx(styles.spinner, styles[size])} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
