import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './page.module.css';

export interface PageProps {
  /** The page's h1. */
  title: ReactNode;
  /** The line under the title. */
  intro?: ReactNode;
  /** Before the header block (a link back to where the visitor came from). */
  top?: ReactNode;
  /** Above the title (a small capitalised label). */
  eyebrow?: ReactNode;
  /** More under the title and intro, still in the page's header. */
  headerExtra?: ReactNode;
  /** Between the header and the content: the mode sub-navigation, mostly. */
  nav?: ReactNode;
  /** 'narrow' (860 px) for reading pages, 'wide' (1120 px) for pages of cards and forms. */
  width?: 'narrow' | 'wide';
  /** The header's id, for links back to the top. */
  headerId?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The scaffold of every content page: the container, the heading block (eyebrow, h1, intro)
 * and an optional sub-navigation, so the pages share one layout instead of nine copies.
 */
export function Page({
  title,
  intro,
  top,
  eyebrow,
  headerExtra,
  nav,
  width = 'wide',
  headerId,
  className,
  children,
}: PageProps) {
  return (
    <div className={cx(styles.page, className)}>
      <div className={cx(styles.inner, width === 'narrow' && styles.narrow)}>
        {top}
        <header className={styles.header} id={headerId}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          {headerExtra}
        </header>
        {nav}
        {children}
      </div>
    </div>
  );
}

export interface ModeNavItem {
  key: string;
  /** A path of the app (`/faq/vendocasa`). */
  to: string;
  label: ReactNode;
}

/**
 * The tabs that lead to the same page for another mode (FAQ, how it works): exactly one is
 * marked, the page's own, whatever the router thinks of the others.
 */
export function ModeNav({ label, items, current }: { label: string; items: readonly ModeNavItem[]; current: string }) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.navList}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to as LinkProps['to']}
              className={styles.navLink}
              activeOptions={{ exact: true }}
              aria-current={item.key === current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
