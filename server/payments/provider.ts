import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName } from '../config';

/**
 * One interface for whoever takes the money of an order: the `offline` provider (a page of
 * this server, no money moves: development, tests, demos) and `stripe` (Stripe Checkout),
 * chosen by PAYMENT_PROVIDER. The orders module never knows which one it talks to.
 *
 * The flow: the order is created and priced on the server; `createCheckout` opens a payment
 * page at the provider and gives its URL and reference; the buyer pays (or not) there; the
 * provider tells the outcome to `POST /api/Payment/Outcome/{provider}`, whose request
 * `parseOutcome` verifies (signature) and reads. Applying the outcome is the orders
 * module's job, exactly once per order.
 */

export type PaymentOutcome = 'paid' | 'failed' | 'abandoned';

export interface CheckoutLine {
  /** Shown to the buyer on the payment page (Italian). */
  name: string;
  quantity: number;
  unitAmountCents: number;
}

/** What a provider needs to open a payment page for an order. */
export interface CheckoutOrder {
  id: number;
  /** The total, VAT included: the lines add up to it. */
  amountCents: number;
  /** ISO 4217, upper case (EUR). */
  currency: string;
  lines: CheckoutLine[];
  /** Prefills the provider's form and receipt. */
  customerEmail: string | null;
  /** Absolute URLs the buyer comes back to after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
  /**
   * Unique for each attempt to open this order's checkout: the provider's idempotency key,
   * so a retried request never opens a second payment page for the same attempt.
   */
  attemptKey: string;
}

export interface Checkout {
  /** Where to send the buyer: absolute (Stripe) or a path of this site (offline). */
  url: string;
  /** The provider's id of this checkout; the outcome names it. */
  reference: string;
}

/** The request of an outcome notification, as received. */
export interface OutcomeRequest {
  headers: IncomingHttpHeaders;
  /** The body exactly as sent: signatures are computed over these bytes. */
  rawBody: string;
  /** The body parsed (JSON, or the fields of a form). */
  body: unknown;
}

export interface ParsedOutcome {
  /** The checkout reference (Checkout.reference) the outcome is about. */
  reference: string;
  outcome: PaymentOutcome;
  /** The amount the provider charged or was asked to charge, in cents. */
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The provider's id of the payment itself (Stripe's PaymentIntent), when it has one. */
  paymentReference: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a payment page for the order. Throws PaymentProviderError when the provider fails. */
  createCheckout(order: CheckoutOrder): Promise<Checkout>;
  /**
   * Verifies and reads an outcome notification: throws AppError('PaymentSignatureInvalid')
   * when it is not signed by the provider (or signed too long ago); answers null for a
   * genuine notification that says nothing final about a payment (another event type).
   */
  parseOutcome(request: OutcomeRequest, now?: Date): ParsedOutcome | null;
  /**
   * Makes an open checkout impossible to pay (an order replaced by another): 'closed' when
   * it can no longer be paid, 'completed' when the buyer already paid it (its outcome is on
   * its way). Throws PaymentProviderError when the provider cannot tell.
   */
  closeCheckout(reference: string): Promise<'closed' | 'completed'>;
}

/** The provider failed or did not answer: nothing was charged by this call. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The header's value as one string (the first when repeated). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
