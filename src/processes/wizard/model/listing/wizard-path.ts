import type { ListingFlow } from '@domain/wizard-steps';

// The wizard's URLs (the spec's routes): /annuncio/{vendocasa|affittocasa}[/{id}[/{gotostep}]].
// A module of its own: the page reads it with its first screen, before the machine loads.

/** The wizard's URL segment of each flow. */
export const KIND_OF_FLOW = { sale: 'vendocasa', rent: 'affittocasa' } as const satisfies Record<ListingFlow, string>;

/** The wizard's own URL of a step of a draft. */
export function wizardPath(flow: ListingFlow, id: number | null, step: number | null): string {
  const base = `/annuncio/${KIND_OF_FLOW[flow]}`;
  if (id === null) return base;
  return step === null ? `${base}/${id}` : `${base}/${id}/${step}`;
}
