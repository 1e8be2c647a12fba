import type { ListingFlow } from '@domain/wizard-steps';
import type { ListingWizardRuntime } from './runtime';

// The wizard running on this page. The first save gives the draft its URL
// (/annuncio/vendocasa -> /annuncio/vendocasa/41/2): another route of the table renders the
// wizard then, and adopts the running machine instead of starting again. Leaving the pages
// (no route adopts it) stops it.

interface Live {
  flow: ListingFlow;
  runtime: ListingWizardRuntime;
  release: ReturnType<typeof setTimeout> | null;
}

let live: Live | null = null;

/** The running wizard for this address (same flow, and the draft the URL names), if any. */
export function adoptLive(address: { flow: ListingFlow; id: number | null }): ListingWizardRuntime | null {
  if (!live || live.flow !== address.flow) return null;
  const id = live.runtime.view().listingId;
  if (address.id === null ? id !== null : id !== address.id) return null;
  if (live.release) clearTimeout(live.release);
  live.release = null;
  return live.runtime;
}

/** A mounted page shows this wizard. */
export function keepLive(flow: ListingFlow, runtime: ListingWizardRuntime): void {
  if (live && live.runtime !== runtime) {
    if (live.release) clearTimeout(live.release);
    live.runtime.stop();
  }
  if (live?.runtime === runtime && live.release) clearTimeout(live.release);
  live = { flow, runtime, release: null };
}

/** The page showing it went away: unless the next route adopts it at once, it stops. */
export function releaseLive(runtime: ListingWizardRuntime): void {
  if (live?.runtime !== runtime) return;
  const current = live;
  current.release = setTimeout(() => {
    if (live !== current) return;
    runtime.stop();
    live = null;
  }, 0);
}
