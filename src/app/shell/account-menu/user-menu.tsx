import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { accountLabel, meQueryOptions } from '@/entities/account';
import { useUnreadCount } from '@/entities/message';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import { homePathOf } from '../../config/home-paths';
import { userMenuFor } from '../../config/menus';
import { useMenuDisclosure } from '../use-menu-disclosure';
import { UnreadBadge } from './unread-badge';
import styles from './account-menu.module.css';

/** The logged-in user's menu by type (docs/spec.md §2), with the logout. */
export function UserMenu({ homeType }: { homeType: HomeType }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { open, setOpen, panelId, buttonRef, panelRef } = useMenuDisclosure();
  const [leaving, setLeaving] = useState(false);
  // The first name, never the whole e-mail (it would push the header onto two lines). Both
  // come from the account, in the browser: the page the server renders holds no address (a
  // compressed page mixing it with text from the address bar would let its length be probed).
  const me = useQuery(meQueryOptions());
  const label = accountLabel({ name: me.data?.name, surname: me.data?.surname, email: me.data?.email });
  const unread = useUnreadCount(true) ?? 0;

  const logout = async () => {
    setLeaving(true);
    const runtime = await loadSessionRuntime();
    await runtime.logout();
    setLeaving(false);
    setOpen(false);
    void navigate({ to: homePathOf(homeType) });
  };

  return (
    <div className={styles.account}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('account.openWithUnread', { count: unread }) : t('account.open')}
        data-testid="account-menu-button"
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className={styles.avatar}>
          {label.initials}
          {unread > 0 ? (
            <span className={styles.avatarBadge} data-testid="unread-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </span>
        {label.firstName && (
          <span className={styles.name} data-testid="account-first-name">
            {label.firstName}
          </span>
        )}
      </button>
      <div ref={panelRef} id={panelId} className={styles.panel} hidden={!open} data-testid="account-menu">
        {/* Which account this is: the whole address, here where there is room for it. */}
        <p className={styles.who} data-testid="account-email">
          {t('account.signedInAs')} <strong>{me.data?.email}</strong>
        </p>
        <nav aria-label={t('account.menuLabel')}>
          <ul className={styles.list}>
            {userMenuFor(homeType).map((item) =>
              item.kind === 'link' ? (
                <li key={item.id}>
                  <Link to={item.to} className={styles.item} onClick={() => setOpen(false)} data-menu-item={item.id}>
                    {t(item.label)}
                    {item.id === 'messages' ? <UnreadBadge count={unread} className={styles.itemBadge} /> : null}
                  </Link>
                </li>
              ) : null,
            )}
            <li>
              <button
                type="button"
                className={styles.item}
                onClick={() => void logout()}
                disabled={leaving}
                data-testid="logout-button"
              >
                {t('account.logout')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
