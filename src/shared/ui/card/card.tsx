import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  /** `flat` has a border and no shadow; `raised` has a shadow. */
  tone?: 'flat' | 'raised' | 'surface';
  padding?: 'none' | 'medium' | 'large';
  children?: ReactNode;
}

export function Card({ as: Tag = 'div', tone = 'flat', padding = 'medium', className, children, ...rest }: CardProps) {
  return (
    <Tag {...rest} className={cx(styles.card, styles[tone], styles[`padding-${padding}`], className)}>
      {children}
    </Tag>
  );
}
