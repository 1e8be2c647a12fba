import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import type { MenuItem } from '../config/menus';

export interface MenuEntryProps {
  item: MenuItem;
  className?: string;
  /** The class of the menu's primary entry (the filled button). */
  actionClassName?: string;
  onNavigate?: () => void;
}

/** One entry of a header or footer menu: a router link, the blog link, or an action button. */
export function MenuEntry({ item, className, actionClassName, onNavigate }: MenuEntryProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const config = useQuery({ ...configQueryOptions(), enabled: item.kind === 'external' });
  const entryClassName = item.primary ? (actionClassName ?? className) : className;

  switch (item.kind) {
    case 'link':
      return (
        <Link
          to={item.to}
          className={entryClassName}
          activeOptions={{ exact: true }}
          activeProps={{ 'aria-current': 'page' }}
          onClick={onNavigate}
          data-menu-item={item.id}
        >
          {t(item.label)}
        </Link>
      );
    case 'external': {
      const href = config.data?.BlogUrl;
      if (!href) return null;
      return (
        <a
          href={href}
          className={className}
          target="_blank"
          rel="noopener noreferrer"
          data-menu-item={item.id}
          aria-label={t('menu.blogExternal')}
        >
          {t(item.label)}
        </a>
      );
    }
    case 'action':
      return (
        <button
          type="button"
          className={entryClassName}
          data-menu-item={item.id}
          onClick={() => {
            onNavigate?.();
            // Free valuation has no URL of its own (spec): it opens the valuation flow.
            void navigate({ to: '/valutocasa' });
          }}
        >
          {t(item.label)}
        </button>
      );
  }
}
