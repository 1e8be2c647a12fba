import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/**
 * The class names of a button, for elements that are not a `<button>` or a plain `<a>`:
 * `<Link to="/vendocasa" className={buttonClassName({ variant: 'secondary' })}>`.
 */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  fullWidth,
  className,
}: ButtonStyleOptions = {}) {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className);
}

interface CommonProps extends Omit<ButtonStyleOptions, 'className'> {
  children: ReactNode;
  /** An icon before the label; hidden from assistive technologies. */
  icon?: ReactNode;
  className?: string;
}

export type ButtonAsButtonProps = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof CommonProps> & { href?: undefined; loading?: boolean };
export type ButtonAsLinkProps = CommonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof CommonProps> & { href: string };
export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

/** A button; with `href` it renders a link that looks like a button. */
export function Button(props: ButtonProps) {
  if (props.href !== undefined) {
    const { variant, size, fullWidth, className, icon, children, ...anchor } = props;
    return (
      <a {...anchor} className={buttonClassName({ variant, size, fullWidth, className })}>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {children}
      </a>
    );
  }
  const { variant, size, fullWidth, className, icon, children, loading, type = 'button', disabled, ...button } = props;
  return (
    <button
      {...button}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className })}
    >
      {loading ? <span className={styles.busy} aria-hidden="true" /> : null}
      {icon && !loading ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
}
