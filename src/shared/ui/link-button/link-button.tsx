import type { ButtonHTMLAttributes } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './link-button.module.css';

/** A button that reads as a link in running text ("Hai dimenticato la password?"). */
export function LinkButton({ className, type = 'button', ...button }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={cx(styles.linkButton, className)} {...button} />;
}
