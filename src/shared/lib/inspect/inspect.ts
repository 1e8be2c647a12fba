import type { InspectionEvent, Observer } from 'xstate';

/** What `createActor(logic, options)` takes to report to the Stately inspector. */
export interface InspectOptions {
  inspect?: Observer<InspectionEvent>;
}

/**
 * Inspection is compiled in for the development server, and for a production build only
 * when it is built with VITE_INSPECT=true: elsewhere the branch below is dead code and the
 * inspector never reaches a bundle.
 */
export const inspectionAllowed: boolean = import.meta.env.DEV || import.meta.env.VITE_INSPECT === 'true';

let inspector: Promise<Observer<InspectionEvent>> | undefined;

/**
 * The options every actor of the app is created with: with `?inspect` in the page's URL
 * (where inspection is allowed) the Stately inspector opens in a new window and shows every
 * actor; otherwise nothing. The inspector is loaded on demand, never with a first screen.
 */
export async function inspectOptions(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): Promise<InspectOptions> {
  if (!inspectionAllowed || !new URLSearchParams(search).has('inspect')) return {};
  inspector ??= import('@statelyai/inspect').then(({ createBrowserInspector }) => createBrowserInspector().inspect);
  return { inspect: await inspector };
}
