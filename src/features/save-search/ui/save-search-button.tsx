import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SearchParams } from '@domain/search';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, sessionView, useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { modalStore } from '@/shared/lib/modal-store';
import { Button, type ButtonSize, type ButtonVariant } from '@/shared/ui/button';
import { Text } from '@/shared/ui/text';

// The form loads when first opened: it is never part of the results page's first screen.
const SaveSearchModal = lazy(() =>
  import('./save-search-modal').then((module) => ({
    default: module.SaveSearchModal,
  })),
);

export interface SaveSearchButtonProps {
  /** The search on screen, as the results page holds it. */
  params: SearchParams;
  /** The place's name when the page already knows it ("Bologna"): the suggested name uses it. */
  areaName?: string | null;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The results page whose "Salva ricerca" waits for a login or a registration (this tab only). */
const PENDING_KEY = 'rexer.save-search.pending';

const here = () => window.location.pathname + window.location.search;

function pendingStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this page's search waits to be saved (asked before a login or a registration); forgets it. */
function takePendingSave(): boolean {
  const store = pendingStore();
  if (!store || store.getItem(PENDING_KEY) !== here()) return false;
  store.removeItem(PENDING_KEY);
  return true;
}

/**
 * "Salva ricerca": a logged-in visitor names the search and picks how often to be alerted;
 * anyone else logs in first, and the form opens once the login has gone through. A visitor who
 * registers instead comes back to the results (the registration's "continue" link) and finds
 * the form open: the search asked for before the account is saved with it (its alerts start
 * once the address is confirmed).
 */
export function SaveSearchButton({
  params,
  areaName,
  variant = 'secondary',
  size = 'medium',
  className,
}: SaveSearchButtonProps) {
  // The results page's own namespace: the form's (saved-searches) loads with the form.
  const { t } = useTranslation('search');
  const session = useSessionView();
  const [open, setOpen] = useState(false);
  const [loginFailed, setLoginFailed] = useState(false);
  // Set while the login this button asked for is under way: the form follows it.
  const waitingForLogin = useRef(false);

  useEffect(() => {
    if (!session.isLoggedIn) return;
    const pending = takePendingSave();
    if (waitingForLogin.current || pending) {
      waitingForLogin.current = false;
      setOpen(true);
    }
  }, [session.isLoggedIn]);

  // The login's modals closed without a login (the visitor changed their mind): a later
  // login from elsewhere must not open this form.
  useEffect(
    () =>
      modalStore.subscribe(() => {
        if (!waitingForLogin.current || modalStore.current() !== null) return;
        waitingForLogin.current = false;
        if (sessionView.get().isLoggedIn) {
          pendingStore()?.removeItem(PENDING_KEY);
          setOpen(true);
        }
      }),
    [],
  );

  const onClick = () => {
    setLoginFailed(false);
    if (session.isLoggedIn) {
      setOpen(true);
      return;
    }
    waitingForLogin.current = true;
    pendingStore()?.setItem(PENDING_KEY, here());
    loadSessionRuntime().then(
      (runtime) =>
        runtime.openLogin({
          source: LOGIN_SOURCE.callbackOnly,
          // Why a login: saved searches belong to an account, which the alerts are mailed to.
          notice: 'saveSearch',
          onLoggedIn: () => {
            waitingForLogin.current = false;
            pendingStore()?.removeItem(PENDING_KEY);
            setOpen(true);
          },
        }),
      () => {
        waitingForLogin.current = false;
        setLoginFailed(true);
      },
    );
  };

  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        className={className}
        onClick={onClick}
        aria-haspopup="dialog"
        icon={<BellIcon />}
        data-testid="save-search"
      >
        {t('toolbar.saveSearch')}
      </Button>
      {loginFailed ? (
        <Text tone="error" size="small" role="alert">
          {t('toolbar.saveSearchLoginFailed')}
        </Text>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchModal params={params} areaName={areaName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
