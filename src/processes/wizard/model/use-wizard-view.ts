import { useSyncExternalStore } from 'react';

/** What a wizard's runtime gives the page: its view, and a word when it changes (model/runtime-core.ts). */
export interface WizardViewSource<TView> {
  view(): TView;
  subscribe(listener: () => void): () => void;
}

const NOTHING = () => () => undefined;

/**
 * The one hook both wizards read their runtime with: the runtime's view, re-rendering when it
 * changes; null while there is no runtime (not loaded yet, or on the server).
 */
export function useWizardView<TView>(runtime: WizardViewSource<TView>): TView;
export function useWizardView<TView>(runtime: WizardViewSource<TView> | null | undefined): TView | null;
export function useWizardView<TView>(runtime: WizardViewSource<TView> | null | undefined): TView | null {
  const read = () => (runtime ? runtime.view() : null);
  return useSyncExternalStore(runtime ? runtime.subscribe : NOTHING, read, read);
}
