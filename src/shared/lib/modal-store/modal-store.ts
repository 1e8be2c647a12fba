import { useSyncExternalStore } from 'react';

/**
 * The modals the app's host can show, one at a time; any layer may ask for one by kind, and
 * the compiler asks the host to render every kind.
 */
/** What the login says above its form: why it opened, or what just happened. */
export type LoginNotice = 'confirmed' | 'passwordChanged' | 'socialError' | 'saveSearch';

export type ModalRequest =
  | { kind: 'careers' }
  /** docs/spec.md §4: the login modal; the source decides redirect or callback. */
  | { kind: 'login'; email?: string; socialEmail?: boolean; notice?: LoginNotice }
  /** The partner terms-acceptance step of a login whose terms are pending. */
  | { kind: 'terms' }
  /** Registration answered 96 or 97. */
  | { kind: 'webAccountError'; code: 96 | 97 }
  /** The account is suspended or deleted (type 68). */
  | { kind: 'userBanned' };
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
