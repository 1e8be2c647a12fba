import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './heading.module.css';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The level in the document outline. */
  level: HeadingLevel;
  /** The visual size, when it differs from the level. */
  size?: 'xl' | 'l' | 'm' | 's';
  children: ReactNode;
}

const sizeOfLevel: Record<HeadingLevel, NonNullable<HeadingProps['size']>> = { 1: 'xl', 2: 'l', 3: 'm', 4: 's', 5: 's', 6: 's' };

export function Heading({ level, size, className, children, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag {...rest} className={cx(styles.heading, styles[size ?? sizeOfLevel[level]], className)}>
      {children}
    </Tag>
  );
}
