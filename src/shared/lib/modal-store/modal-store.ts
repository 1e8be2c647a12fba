import { useSyncExternalStore } from 'react';

/**
 * The modals the host can show: one kind at a time. The sessions release adds its kinds
 * (login, password rules, user banned ...) here, and the compiler then asks the host to
 * render them.
 */
export type ModalRequest = { kind: 'careers' };
export type ModalKind = ModalRequest['kind'];

export function createModalStore() {
  let current: ModalRequest | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    open(request: ModalRequest) {
      current = request;
      emit();
    },
    close() {
      if (current === null) return;
      current = null;
      emit();
    },
    current: () => current,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ModalStore = ReturnType<typeof createModalStore>;

export const modalStore = createModalStore();

export function useCurrentModal(store: ModalStore = modalStore): ModalRequest | null {
  return useSyncExternalStore(store.subscribe, store.current, store.current);
}
