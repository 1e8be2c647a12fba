import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './text.module.css';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  size?: 'small' | 'body' | 'large';
  tone?: 'default' | 'muted' | 'brand' | 'error' | 'success';
  weight?: 'regular' | 'bold';
  children?: ReactNode;
}

export function Text({
  as: Tag = 'p',
  size = 'body',
  tone = 'default',
  weight = 'regular',
  className,
  children,
  ...rest
}: TextProps) {
  return (
    <Tag {...rest} className={cx(styles.text, styles[size], styles[tone], weight === 'bold' && styles.bold, className)}>
      {children}
    </Tag>
  );
}
