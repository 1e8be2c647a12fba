import type { ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Icon, type IconName } from '@/shared/ui/icon';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Errors are announced at once (role alert), the others politely (role status). */
  live?: boolean;
}

const ICONS: Record<AlertTone, IconName> = { info: 'info', success: 'check', error: 'alert' };

export function Alert({ tone = 'info', title, children, className, live = true }: AlertProps) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={cx(styles.alert, styles[tone], className)} data-tone={tone}>
      <Icon name={ICONS[tone]} className={styles.icon} />
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.content}>{children}</div> : null}
      </div>
    </div>
  );
}
