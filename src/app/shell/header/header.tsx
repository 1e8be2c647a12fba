import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { COMPACT_HEADER_QUERY, useMediaQuery } from '@/shared/lib/device';
import type { HomeType } from '@/shared/lib/home-type';
import { Icon } from '@/shared/ui/icon';
import { HEADER_MENUS, headerMenuTypeFor } from '../../config/menus';
import type { HeaderMode } from '../../config/route-static-data';
import { AccountMenu } from '../account-menu/account-menu';
import { Logo } from '../logo';
import { useMenuDisclosure } from '../use-menu-disclosure';
import { MenuEntry } from '../menu-entry';
import styles from './header.module.css';

export interface HeaderProps {
  homeType: HomeType;
  /** The types the current page accepts (they decide the seller-and-landlord menu). */
  accepted?: readonly HomeType[];
  mode?: HeaderMode;
}

/**
 * The app's header: desktop navigation on one line, or a burger menu under 1200 px (where the
 * entries would not fit). `data-layout` says which one the browser shows.
 */
export function Header({ homeType, accepted = [], mode = 'show' }: HeaderProps) {
  const isMobile = useMediaQuery(COMPACT_HEADER_QUERY);
  if (mode === 'hideAll') return null;
  const menuType = headerMenuTypeFor(homeType, accepted);
  return (
    <header
      className={cx(styles.header, mode === 'show' && styles.sticky)}
      data-testid="site-header"
      data-menu-type={menuType}
      data-home-type={homeType}
      data-layout={isMobile ? 'mobile' : 'desktop'}
    >
      <div className={styles.inner}>
        <Logo homeType={homeType} />
        {/* Both navigations are in the page; the stylesheet shows one by the width, so the
            page rendered on the server is right on a phone and on a desktop alike. On a phone
            the menu button closes the bar at its right edge, after the account entry. */}
        <DesktopNav menuType={menuType} />
        <div className={styles.end}>
          <AccountMenu homeType={homeType} />
          <MobileNav menuType={menuType} />
        </div>
      </div>
    </header>
  );
}

function DesktopNav({ menuType }: { menuType: keyof typeof HEADER_MENUS }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('header.mainNav')} className={styles.desktopNav}>
      <ul className={styles.menu}>
        {HEADER_MENUS[menuType].map((item) => (
          <li key={item.id}>
            <MenuEntry item={item} className={styles.link} actionClassName={styles.action} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The mobile menu is a disclosure: the burger says whether it is open (aria-expanded) and
 * what it controls; opening moves the focus to the first entry, Escape closes it and gives
 * the focus back to the burger, and following an entry closes it.
 */
function MobileNav({ menuType }: { menuType: keyof typeof HEADER_MENUS }) {
  const { t } = useTranslation('common');
  const { open, setOpen, panelId, buttonRef, panelRef } = useMenuDisclosure({ focusFirst: true });

  return (
    <div className={styles.mobile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.burger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
        onClick={() => setOpen((value) => !value)}
        data-testid="menu-button"
      >
        <Icon name={open ? 'close' : 'menu'} size={24} />
      </button>
      {/* The page behind the open menu is dimmed; a tap on it closes the menu. */}
      {open && (
        <div
          className={styles.backdrop}
          aria-hidden="true"
          data-testid="menu-backdrop"
          onClick={() => setOpen(false)}
        />
      )}
      <div ref={panelRef} id={panelId} className={styles.panel} hidden={!open}>
        {/* Its entries exist only while it is open: the page holds one copy of the menu (the
            desktop one, which the stylesheet hides on a phone). */}
        {open && (
          <nav aria-label={t('header.mainNav')}>
            <ul className={styles.mobileMenu}>
              {HEADER_MENUS[menuType].map((item) => (
                <li key={item.id}>
                  <MenuEntry
                    item={item}
                    className={styles.mobileLink}
                    actionClassName={styles.mobileAction}
                    onNavigate={() => setOpen(false)}
                  />
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
