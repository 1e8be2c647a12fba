// The Idempotency-Key of a purchase (POST /api/Order): made once per purchase and kept in the
// tab's session storage, so a double click, a reload before the payment page opens, or a
// retry after a network failure sends the same key and the server answers the same order.
// Once the listing's order has an outcome (paid, refused, cancelled) its keys are forgotten:
// buying again is a new purchase with a new key.

const PREFIX = 'rexer.order-key';

export interface OrderLineRequest {
  Id: number;
  Quantity: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): keys live as long as the page.
    return null;
  }
}

const memory = new Map<string, string>();

function slot(listingId: number, lines: readonly OrderLineRequest[]): string {
  const what = [...lines]
    .sort((a, b) => a.Id - b.Id)
    .map((line) => `${line.Id}x${line.Quantity}`)
    .join('+');
  return `${PREFIX}.${listingId}.${what}`;
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

/** The key of this purchase: the one kept, or a new one kept from now on. */
export function orderKeyFor(listingId: number, lines: readonly OrderLineRequest[]): string {
  const name = slot(listingId, lines);
  const kept = storage()?.getItem(name) ?? memory.get(name);
  if (kept) return kept;
  const key = newKey();
  memory.set(name, key);
  storage()?.setItem(name, key);
  return key;
}

/** Forgets the purchase keys of a listing: its order has an outcome (a listing waits on one order at most). */
export function forgetOrderKeys(listingId: number): void {
  const prefix = `${PREFIX}.${listingId}.`;
  for (const name of [...memory.keys()]) if (name.startsWith(prefix)) memory.delete(name);
  const store = storage();
  if (!store) return;
  const names: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (name?.startsWith(prefix)) names.push(name);
  }
  for (const name of names) store.removeItem(name);
}
