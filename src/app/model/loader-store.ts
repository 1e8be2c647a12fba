import { useSyncExternalStore } from 'react';

/**
 * The global loader's own requests: any code can show the overlay while something runs
 * (`loaderStore.track(promise)`), independently of router navigations.
 */
export function createLoaderStore() {
  let active = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    /** Shows the overlay until the returned function is called (once). */
    show(): () => void {
      active += 1;
      emit();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        active -= 1;
        emit();
      };
    },
    async track<T>(work: Promise<T>): Promise<T> {
      const hide = this.show();
      try {
        return await work;
      } finally {
        hide();
      }
    },
    isActive: () => active > 0,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LoaderStore = ReturnType<typeof createLoaderStore>;

export const loaderStore = createLoaderStore();

export function useLoaderActive(store: LoaderStore = loaderStore): boolean {
  return useSyncExternalStore(store.subscribe, store.isActive, store.isActive);
}
