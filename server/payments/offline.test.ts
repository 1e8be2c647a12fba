import { describe, expect, it } from 'vitest';
import { createOfflineProvider, isOfflineReference, OFFLINE_SIGNATURE_TTL_S } from './offline';

const NOW = new Date('2026-03-02T10:00:00Z');
const KEY = 'a-test-key-of-the-offline-provider';

describe('the offline payment provider', () => {
  const offline = createOfflineProvider({ key: KEY, now: () => NOW });

  it('opens a checkout on its own page under a random reference', async () => {
    const order = {
      id: 1,
      amountCents: 3900,
      currency: 'EUR',
      lines: [],
      customerEmail: null,
      successUrl: '',
      cancelUrl: '',
      attemptKey: 'k',
    };
    const a = await offline.createCheckout(order);
    const b = await offline.createCheckout(order);
    expect(isOfflineReference(a.reference)).toBe(true);
    expect(a.url).toBe(`/pagamento/${a.reference}`);
    expect(a.reference).not.toBe(b.reference);
  });

  it('reads the outcome its page signed, and nothing else', async () => {
    const reference = (
      await offline.createCheckout({
        id: 1,
        amountCents: 3900,
        currency: 'EUR',
        lines: [],
        customerEmail: null,
        successUrl: '',
        cancelUrl: '',
        attemptKey: 'k',
      })
    ).reference;
    const fields = offline.outcomeFields(reference, 'paid', 3900, 'EUR');
    const parse = (body: object, now = NOW) => offline.parseOutcome({ headers: {}, rawBody: '', body }, now);
    expect(parse(fields)).toEqual({
      reference,
      outcome: 'paid',
      amountCents: 3900,
      currency: 'EUR',
      paymentReference: reference,
    });
    expect(parse({ ...fields, AmountCents: 3900 })).toMatchObject({ amountCents: 3900 });

    const refused = (body: object, now = NOW) => expect(() => parse(body, now)).toThrow('PaymentSignatureInvalid');
    refused({ ...fields, Outcome: 'failed' });
    refused({ ...fields, AmountCents: '1' });
    refused({ ...fields, Currency: 'USD' });
    refused({ ...fields, Reference: `off_${'A'.repeat(32)}` });
    refused({ ...fields, Timestamp: String(Number(fields.Timestamp) - 1) });
    refused({ ...fields, Signature: undefined });
    refused({ ...fields, Signature: fields.Signature.slice(1) });
    refused({ ...fields, Outcome: 'refunded' });
    refused({});
    // Another key (another installation) signs differently.
    refused(
      createOfflineProvider({ key: 'another-key-of-the-offline-provider', now: () => NOW }).outcomeFields(
        reference,
        'paid',
        3900,
        'EUR',
      ),
    );
    // A page's buttons stay valid for a day.
    expect(parse(fields, new Date(NOW.getTime() + (OFFLINE_SIGNATURE_TTL_S - 1) * 1000))).toMatchObject({
      outcome: 'paid',
    });
    refused(fields, new Date(NOW.getTime() + (OFFLINE_SIGNATURE_TTL_S + 1) * 1000));
    refused(fields, new Date(NOW.getTime() - 10 * 60 * 1000));
  });
});
