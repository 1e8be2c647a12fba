import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  /** `narrow` reads better for long text (720 px). */
  width?: 'default' | 'narrow' | 'wide';
  children?: ReactNode;
}

/** Centres the content and gives it the page's side padding. */
export function Container({ as: Tag = 'div', width = 'default', className, children, ...rest }: ContainerProps) {
  return (
    <Tag {...rest} className={cx(styles.container, styles[width], className)}>
      {children}
    </Tag>
  );
}
