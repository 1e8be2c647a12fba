import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

// Apart from useWizardView: the listing wizard's first screen reads its runtime with that hook
// and runs its runtime its own way (loaded on the first interaction), so this stays out of it.

/** One value held outside React: the runtime a component runs, null when none. */
function slotOf<T>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: T | null) {
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * A runtime the component runs while it is mounted: created by `create` (keep it stable, a
 * useCallback) before the first paint and stopped on unmount, so a remount (React's strict
 * mode) starts exactly one actor and never keeps a stopped one. Null until created.
 */
export function useRuntime<T extends { stop(): void }>(create: () => T): T | null {
  const [slot] = useState(slotOf<T>);
  const runtime = useSyncExternalStore(slot.subscribe, slot.get, slot.get);
  useLayoutEffect(() => {
    const created = create();
    slot.set(created);
    return () => {
      slot.set(null);
      created.stop();
    };
  }, [slot, create]);
  return runtime;
}
