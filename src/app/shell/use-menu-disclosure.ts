import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * A menu that opens from a button: a navigation (back and forward too) closes it, Escape
 * closes it and gives the focus back to the button, and `focusFirst` moves the focus to the
 * panel's first entry on opening.
 */
export function useMenuDisclosure({ focusFirst = false }: { focusFirst?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    if (focusFirst) panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, focusFirst]);

  return { open, setOpen, panelId, buttonRef, panelRef };
}
