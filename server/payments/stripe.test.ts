import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import type { CheckoutOrder } from './provider';
import { PaymentProviderError } from './provider';
import {
  createStripeProvider,
  parseStripeSignatureHeader,
  stripeForm,
  stripeSignature,
  verifyStripeSignature,
} from './stripe';

const SECRET = 'whsec_test_5mGq7bWkRr2Xc9TnLp4V';
const NOW = new Date('2026-03-02T10:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

/** A webhook event as Stripe sends it (the fields the adapter reads, and a few it does not). */
function event(type: string, session: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: 'evt_1QxYz',
    object: 'event',
    api_version: '2025-03-31.basil',
    created: T,
    type,
    data: {
      object: {
        id: 'cs_test_a1B2c3D4',
        object: 'checkout.session',
        amount_total: 19900,
        currency: 'eur',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: 'pi_3QxYzAbC',
        client_reference_id: '42',
        metadata: { order_id: '42' },
        ...session,
      },
    },
  });
}

function signed(payload: string, at = T, secret = SECRET) {
  return `t=${at},v1=${stripeSignature(secret, at, payload)}`;
}

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: URLSearchParams | null;
}

/** A fetch that answers from a script and records the calls. */
function fakeFetch(answers: ((call: Call) => { status: number; body: unknown } | Error)[]) {
  const calls: Call[] = [];
  const fetch = (async (url: string | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(url),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      ),
      body: typeof init?.body === 'string' ? new URLSearchParams(init.body) : null,
    };
    calls.push(call);
    const answer = answers[calls.length - 1]?.(call) ?? new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const order: CheckoutOrder = {
  id: 42,
  amountCents: 23800,
  currency: 'EUR',
  lines: [
    { name: 'Piano Flessibile', quantity: 1, unitAmountCents: 19900 },
    { name: "Pubblicazione dell'annuncio", quantity: 1, unitAmountCents: 0 },
    { name: 'In prima fila', quantity: 1, unitAmountCents: 3900 },
  ],
  customerEmail: 'venditore@rexer.example',
  successUrl: 'https://www.rexer.example/annuncio/vendocasa/7/33/42',
  cancelUrl: 'https://www.rexer.example/annuncio/vendocasa/7/28/42',
  attemptKey: 'rexer-order-42-1772445600000',
};

function provider(fetch: typeof globalThis.fetch) {
  return createStripeProvider({
    secretKey: 'sk_test_51Abc',
    webhookSecret: SECRET,
    apiUrl: 'https://api.stripe.com/',
    fetch,
    now: () => NOW,
  });
}

describe('Stripe webhook signatures', () => {
  it('accepts a payload signed with the secret within five minutes, with any of several v1 signatures', () => {
    const payload = event('checkout.session.completed');
    expect(verifyStripeSignature(payload, signed(payload), SECRET, NOW)).toBe(true);
    expect(verifyStripeSignature(payload, signed(payload, T - 299), SECRET, NOW)).toBe(true);
    // A rolled secret: Stripe signs with the old and the new one.
    const both = `t=${T},v1=${stripeSignature('whsec_old_secret_value', T, payload)},v1=${stripeSignature(SECRET, T, payload)},v0=abc`;
    expect(verifyStripeSignature(payload, both, SECRET, NOW)).toBe(true);
  });

  it('refuses a changed body, another secret, an old or future timestamp, and malformed headers', () => {
    const payload = event('checkout.session.completed');
    const header = signed(payload);
    expect(verifyStripeSignature(payload.replace('19900', '1'), header, SECRET, NOW)).toBe(false);
    expect(verifyStripeSignature(`${payload} `, header, SECRET, NOW)).toBe(false);
    expect(verifyStripeSignature(payload, signed(payload, T, 'whsec_another_secret'), SECRET, NOW)).toBe(false);
    expect(verifyStripeSignature(payload, signed(payload, T - 301), SECRET, NOW)).toBe(false);
    expect(verifyStripeSignature(payload, signed(payload, T + 301), SECRET, NOW)).toBe(false);
    // The timestamp is part of what is signed: moving it breaks the signature.
    expect(verifyStripeSignature(payload, header.replace(`t=${T}`, `t=${T - 1}`), SECRET, NOW)).toBe(false);
    for (const bad of [
      undefined,
      '',
      'v1=abc',
      `t=${T}`,
      `t=${T},v0=${stripeSignature(SECRET, T, payload)}`,
      `t=abc,v1=${stripeSignature(SECRET, T, payload)}`,
      `t=${T},v1=${'A'.repeat(64)}`,
      'x'.repeat(3000),
    ]) {
      expect(verifyStripeSignature(payload, bad, SECRET, NOW), String(bad).slice(0, 40)).toBe(false);
    }
    expect(parseStripeSignatureHeader(` t=${T} , v1=${'a'.repeat(64)} `)).toEqual({
      timestamp: T,
      signatures: ['a'.repeat(64)],
    });
  });
});

describe('Stripe outcomes', () => {
  const stripe = provider(fakeFetch([]).fetch);
  const parse = (payload: string, header: string | null = signed(payload)) =>
    stripe.parseOutcome(
      { headers: header === null ? {} : { 'stripe-signature': header }, rawBody: payload, body: JSON.parse(payload) },
      NOW,
    );

  it('reads paid, failed and abandoned from the checkout events', () => {
    const paid = {
      reference: 'cs_test_a1B2c3D4',
      outcome: 'paid',
      amountCents: 19900,
      currency: 'EUR',
      paymentReference: 'pi_3QxYzAbC',
    };
    expect(parse(event('checkout.session.completed'))).toEqual(paid);
    expect(parse(event('checkout.session.async_payment_succeeded'))).toEqual(paid);
    expect(parse(event('checkout.session.async_payment_failed', { payment_status: 'unpaid' }))).toMatchObject({
      outcome: 'failed',
    });
    expect(
      parse(event('checkout.session.expired', { status: 'expired', payment_status: 'unpaid', payment_intent: null })),
    ).toEqual({ ...paid, outcome: 'abandoned', paymentReference: null });
  });

  it('ignores a completed session whose payment is still processing, and other events', () => {
    expect(parse(event('checkout.session.completed', { payment_status: 'unpaid' }))).toBeNull();
    expect(parse(event('payment_intent.succeeded', { object: 'payment_intent' }))).toBeNull();
    expect(parse(event('customer.created', { object: 'customer' }))).toBeNull();
  });

  it('refuses an unsigned or badly signed event before reading it', () => {
    const payload = event('checkout.session.completed');
    for (const header of [null, signed(payload, T, 'whsec_wrong_secret'), signed(payload, T - 3600)]) {
      expect(() => parse(payload, header)).toThrow(AppError);
      expect(() => parse(payload, header)).toThrow(expect.objectContaining({ type: 'PaymentSignatureInvalid' }));
    }
    // The parsed body is not what is checked: only the raw bytes are.
    const tampered = event('checkout.session.completed', { amount_total: 1 });
    expect(() =>
      stripe.parseOutcome(
        { headers: { 'stripe-signature': signed(payload) }, rawBody: tampered, body: JSON.parse(payload) },
        NOW,
      ),
    ).toThrow('PaymentSignatureInvalid');
  });
});

describe('Stripe checkout sessions', () => {
  it('creates a payment session in euro with the order id, priced lines only, an expiry and the attempt as idempotency key', async () => {
    const { fetch, calls } = fakeFetch([
      () => ({
        status: 200,
        body: {
          id: 'cs_test_new',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_new',
          amount_total: 23800,
        },
      }),
    ]);
    await expect(provider(fetch).createCheckout(order)).resolves.toEqual({
      reference: 'cs_test_new',
      url: 'https://checkout.stripe.com/c/pay/cs_test_new',
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(call!.method).toBe('POST');
    expect(call!.headers).toMatchObject({
      authorization: 'Bearer sk_test_51Abc',
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': 'rexer-order-42-1772445600000',
    });
    expect(Object.fromEntries(call!.body!)).toEqual({
      mode: 'payment',
      locale: 'it',
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
      client_reference_id: '42',
      customer_email: 'venditore@rexer.example',
      expires_at: String(T + 3600),
      'metadata[order_id]': '42',
      'payment_intent_data[metadata][order_id]': '42',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][product_data][name]': 'Piano Flessibile',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'eur',
      'line_items[1][price_data][unit_amount]': '3900',
      'line_items[1][price_data][product_data][name]': 'In prima fila',
    });
  });

  it('fails as a provider error when Stripe refuses, does not answer, or totals another amount', async () => {
    const refused = fakeFetch([
      () => ({ status: 400, body: { error: { code: 'parameter_invalid_integer', message: 'Invalid integer' } } }),
    ]);
    await expect(provider(refused.fetch).createCheckout(order)).rejects.toThrow(PaymentProviderError);
    const down = fakeFetch([() => new TypeError('fetch failed')]);
    await expect(provider(down.fetch).createCheckout(order)).rejects.toThrow(PaymentProviderError);
    const other = fakeFetch([
      () => ({
        status: 200,
        body: { id: 'cs_test_x', url: 'https://checkout.stripe.com/c/pay/cs_test_x', amount_total: 100 },
      }),
    ]);
    await expect(provider(other.fetch).createCheckout(order)).rejects.toThrow(PaymentProviderError);
    // Lines that do not add up to the order's amount never reach Stripe.
    const never = fakeFetch([]);
    await expect(provider(never.fetch).createCheckout({ ...order, amountCents: 100 })).rejects.toThrow(/add up/);
    expect(never.calls).toHaveLength(0);
  });

  it('closes a session by expiring it, and tells a completed one from an expired one', async () => {
    const open = fakeFetch([() => ({ status: 200, body: { id: 'cs_test_a', status: 'expired' } })]);
    await expect(provider(open.fetch).closeCheckout('cs_test_a')).resolves.toBe('closed');
    expect(open.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://api.stripe.com/v1/checkout/sessions/cs_test_a/expire',
    ]);

    const paid = fakeFetch([
      () => ({ status: 400, body: { error: { code: 'checkout_session_not_expirable' } } }),
      () => ({ status: 200, body: { id: 'cs_test_b', status: 'complete' } }),
    ]);
    await expect(provider(paid.fetch).closeCheckout('cs_test_b')).resolves.toBe('completed');
    expect(paid.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://api.stripe.com/v1/checkout/sessions/cs_test_b/expire',
      'GET https://api.stripe.com/v1/checkout/sessions/cs_test_b',
    ]);

    const gone = fakeFetch([() => ({ status: 400, body: {} }), () => ({ status: 200, body: { status: 'expired' } })]);
    await expect(provider(gone.fetch).closeCheckout('cs_test_c')).resolves.toBe('closed');
    const unknown = fakeFetch([() => ({ status: 404, body: {} }), () => ({ status: 404, body: {} })]);
    await expect(provider(unknown.fetch).closeCheckout('cs_test_d')).rejects.toThrow(PaymentProviderError);
  });

  it("encodes nested parameters as Stripe's API reads them", () => {
    expect(stripeForm({ a: 1, b: { c: 'x', d: [{ e: 2 }] }, f: undefined, g: null }).toString()).toBe(
      'a=1&b%5Bc%5D=x&b%5Bd%5D%5B0%5D%5Be%5D=2',
    );
  });
});
