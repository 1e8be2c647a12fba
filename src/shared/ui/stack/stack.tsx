import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './stack.module.css';

export type StackGap = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface StackProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  direction?: 'column' | 'row';
  /** A step of the spacing scale (`--space-N`). */
  gap?: StackGap;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  children?: ReactNode;
}

/** Lays its children out in a column or a row with a gap from the spacing scale. */
export function Stack({
  as: Tag = 'div',
  direction = 'column',
  gap = 4,
  align,
  justify,
  wrap,
  className,
  style,
  children,
  ...rest
}: StackProps) {
  return (
    <Tag
      {...rest}
      className={cx(styles.stack, direction === 'row' && styles.row, wrap && styles.wrap, className)}
      style={{ gap: `var(--space-${gap})`, alignItems: align, justifyContent: justify, ...style }}
    >
      {children}
    </Tag>
  );
}
