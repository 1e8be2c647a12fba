import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors/app-error';
import {
  headerValue,
  PaymentProviderError,
  type Checkout,
  type CheckoutOrder,
  type OutcomeRequest,
  type ParsedOutcome,
  type PaymentProvider,
} from './provider';

/**
 * Stripe Checkout, over Stripe's REST API with fetch (no SDK): PAYMENT_PROVIDER=stripe with
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
 *
 * - createCheckout: `POST /v1/checkout/sessions` (mode payment, one line per priced item in
 *   EUR, the order id as client_reference_id and metadata, Italian page, expiring after an
 *   hour) with the attempt's Idempotency-Key: a retried request gets the same session.
 * - parseOutcome: the webhook (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of `{t}.{raw body}`
 *   with the endpoint's signing secret, compared in constant time, t within 5 minutes):
 *   checkout.session.completed with payment_status paid and
 *   checkout.session.async_payment_succeeded are `paid`, async_payment_failed is `failed`,
 *   checkout.session.expired is `abandoned`; every other event is acknowledged and ignored
 *   (a completed session whose payment is still processing waits for its async event).
 * - closeCheckout: `POST /v1/checkout/sessions/{id}/expire`; when Stripe refuses (the session
 *   is no longer open), the session is read to tell expired from completed.
 */

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a stand-in. */
  apiUrl: string;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  /** Seconds a webhook's timestamp may differ from now (Stripe's libraries use 300). */
  toleranceSeconds?: number;
  /** Each call to Stripe gives up after this long (default 10 s). */
  timeoutMs?: number;
  /** How long a checkout session stays open (Stripe accepts 30 minutes to 24 hours; default 1 hour). */
  sessionTtlSeconds?: number;
}

export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

interface StripeSession {
  id?: unknown;
  object?: unknown;
  url?: unknown;
  status?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  payment_intent?: unknown;
}

/** `Stripe-Signature` parsed: its timestamp and every v1 signature (a rolled secret gives two). */
export function parseStripeSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}

/** The v1 signature of a payload at a time (what Stripe computes; tests sign samples with it). */
export function stripeSignature(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** Whether the header signs this exact payload with the secret, within the tolerance. */
export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = STRIPE_SIGNATURE_TOLERANCE_S,
): boolean {
  if (!header || header.length > 2048) return false;
  const parsed = parseStripeSignatureHeader(header);
  if (!parsed) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(stripeSignature(secret, parsed.timestamp, payload), 'utf8');
  return parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Stripe's form encoding of nested parameters: `line_items[0][price_data][currency]=eur`. */
export function stripeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${prefix}[${index}]`, item));
    else if (typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) add(`${prefix}[${key}]`, inner);
    else form.append(prefix, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const doFetch = options.fetch ?? globalThis.fetch;
  const clock = options.now ?? (() => new Date());
  const tolerance = options.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_S;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sessionTtl = options.sessionTtlSeconds ?? 3600;
  const api = options.apiUrl.replace(/\/+$/, '');

  async function call(
    method: 'GET' | 'POST',
    path: string,
    form?: URLSearchParams,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: StripeSession & { error?: { code?: unknown; message?: unknown } } }> {
    let response: Response;
    try {
      response = await doFetch(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`stripe ${method} ${path}: no answer`, { cause: error });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new PaymentProviderError(`stripe ${method} ${path}: answer ${response.status} is not JSON`, {
        cause: error,
      });
    }
    if (typeof body !== 'object' || body === null)
      throw new PaymentProviderError(`stripe ${method} ${path}: answer ${response.status} is not an object`);
    return { status: response.status, body: body as StripeSession };
  }

  return {
    name: 'stripe',

    async createCheckout(order: CheckoutOrder): Promise<Checkout> {
      // Stripe shows the free lines too; they are left out so every line has a price.
      const lines = order.lines.filter((line) => line.unitAmountCents > 0 && line.quantity > 0);
      const total = lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
      if (total !== order.amountCents || total <= 0)
        throw new Error(`stripe: the lines of order ${order.id} add up to ${total}, not ${order.amountCents}`);
      const orderId = String(order.id);
      const form = stripeForm({
        mode: 'payment',
        locale: 'it',
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
        client_reference_id: orderId,
        customer_email: order.customerEmail ?? undefined,
        expires_at: Math.floor(clock().getTime() / 1000) + sessionTtl,
        metadata: { order_id: orderId },
        payment_intent_data: { metadata: { order_id: orderId } },
        line_items: lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: line.unitAmountCents,
            product_data: { name: line.name },
          },
        })),
      });
      const { status, body } = await call('POST', '/v1/checkout/sessions', form, order.attemptKey);
      if (
        status !== 200 ||
        typeof body.id !== 'string' ||
        !body.id.startsWith('cs_') ||
        typeof body.url !== 'string' ||
        !/^https:\/\//.test(body.url)
      ) {
        throw new PaymentProviderError(
          `stripe: checkout session for order ${orderId} refused (${status}${typeof body.error?.code === 'string' ? ` ${body.error.code}` : ''})`,
        );
      }
      if (body.amount_total !== order.amountCents) {
        throw new PaymentProviderError(
          `stripe: checkout session ${body.id} totals ${String(body.amount_total)}, not ${order.amountCents}`,
        );
      }
      return { url: body.url, reference: body.id };
    },

    parseOutcome(request: OutcomeRequest, now = clock()): ParsedOutcome | null {
      if (
        !verifyStripeSignature(
          request.rawBody,
          headerValue(request.headers, 'stripe-signature'),
          options.webhookSecret,
          now,
          tolerance,
        )
      ) {
        throw new AppError('PaymentSignatureInvalid');
      }
      let event: { type?: unknown; data?: { object?: StripeSession } };
      try {
        event = JSON.parse(request.rawBody) as typeof event;
      } catch {
        throw new AppError('MalformedRequest');
      }
      const session = event.data?.object;
      if (typeof event.type !== 'string' || !session || session.object !== 'checkout.session') return null;
      const outcome =
        (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded'
          ? 'paid'
          : event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : event.type === 'checkout.session.expired'
              ? 'abandoned'
              : null;
      if (outcome === null) return null;
      if (
        typeof session.id !== 'string' ||
        typeof session.amount_total !== 'number' ||
        !Number.isSafeInteger(session.amount_total) ||
        typeof session.currency !== 'string'
      ) {
        throw new AppError('MalformedRequest');
      }
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : null;
      return {
        reference: session.id,
        outcome,
        amountCents: session.amount_total,
        currency: session.currency.toUpperCase(),
        paymentReference: paymentIntent,
      };
    },

    async closeCheckout(reference: string) {
      const path = `/v1/checkout/sessions/${encodeURIComponent(reference)}`;
      const expired = await call('POST', `${path}/expire`);
      if (expired.status === 200 && expired.body.status === 'expired') return 'closed';
      // Only an open session can be expired: read it to learn which state it is in.
      const { status, body } = await call('GET', path);
      if (status === 200 && body.status === 'expired') return 'closed';
      if (status === 200 && body.status === 'complete') return 'completed';
      throw new PaymentProviderError(
        `stripe: checkout session ${reference} could not be closed (${status} ${String(body.status)})`,
      );
    },
  };
}
