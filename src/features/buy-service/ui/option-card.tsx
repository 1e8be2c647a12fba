import type { ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './option-card.module.css';

export interface OptionCardProps {
  id: string;
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The option's name and its price: together they are the control's label. */
  label: ReactNode;
  price: ReactNode;
  /** What it includes: tied to the control as its description. */
  description: ReactNode;
  disabled?: boolean;
  /** The group misses an answer: each control says so to assistive technologies. */
  invalid?: boolean;
  testId?: string;
}

/**
 * A plan or a service as a card: a native radio or checkbox (keyboard and screen readers as
 * usual), its name and price as the label, what it includes as the description; the whole
 * card answers a click or a tap.
 */
export function OptionCard({
  id,
  type,
  name,
  checked,
  onChange,
  label,
  price,
  description,
  disabled,
  invalid,
  testId,
}: OptionCardProps) {
  const descriptionId = `${id}-description`;
  return (
    <div className={cx(styles.option, checked && styles.checked, disabled && styles.disabled)} data-testid={testId}>
      <input
        id={id}
        type={type}
        name={name}
        value={id}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={descriptionId}
        aria-invalid={invalid || undefined}
        className={styles.control}
      />
      <label htmlFor={id} className={styles.label}>
        <span className={styles.name}>{label}</span> <span className={styles.price}>{price}</span>
      </label>
      <p id={descriptionId} className={styles.description}>
        {description}
      </p>
    </div>
  );
}
