import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors/app-error';
import type {
  Checkout,
  CheckoutOrder,
  OutcomeRequest,
  ParsedOutcome,
  PaymentOutcome,
  PaymentProvider,
} from './provider';

/**
 * The offline provider: the whole payment flow runs on this server and no money moves. Its
 * checkout is the page `GET /pagamento/{reference}` (server/modules/orders/payment-routes.ts),
 * whose three buttons («Paga», «Pagamento rifiutato», «Annulla») post an outcome signed with
 * the servers' shared key (OFFLINE_PAYMENT_KEY, or the one kept in server_secrets) to
 * `POST /api/Payment/Outcome/offline`, as a real provider's notification would arrive.
 *
 * The reference is 32 random URL-safe characters (192 bits): the page's URL is the only way
 * to it, as a hosted checkout's URL is. The signature covers the reference, the outcome, the
 * amount, the currency and the time it was made; an outcome signed more than a day ago is
 * refused, and one applied already changes nothing (the orders module applies each once).
 */

export const OFFLINE_OUTCOMES: readonly PaymentOutcome[] = ['paid', 'failed', 'abandoned'];

/** How long a rendered page's buttons stay valid. */
export const OFFLINE_SIGNATURE_TTL_S = 24 * 60 * 60;
/** Clock difference tolerated between two servers. */
const CLOCK_SKEW_S = 5 * 60;

const REFERENCE = /^off_[A-Za-z0-9_-]{32}$/;

/** The fields a button of the page posts. */
export interface OfflineOutcomeFields {
  Reference: string;
  Outcome: PaymentOutcome;
  AmountCents: string;
  Currency: string;
  Timestamp: string;
  Signature: string;
}

export interface OfflineProviderOptions {
  /** The key shared by every server (fastify.secrets.offlinePaymentKey). */
  key: string;
  now?: () => Date;
}

export function isOfflineReference(value: string): boolean {
  return REFERENCE.test(value);
}

function signature(
  key: string,
  reference: string,
  outcome: string,
  amountCents: string,
  currency: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(`rexer-offline-outcome.v1\n${reference}\n${outcome}\n${amountCents}\n${currency}\n${timestamp}`)
    .digest('base64url');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function field(body: unknown, name: keyof OfflineOutcomeFields): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' ? value : undefined;
}

export interface OfflineProvider extends PaymentProvider {
  readonly name: 'offline';
  /** The signed fields of one button of the page. */
  outcomeFields(
    reference: string,
    outcome: PaymentOutcome,
    amountCents: number,
    currency: string,
    now?: Date,
  ): OfflineOutcomeFields;
}

export function createOfflineProvider(options: OfflineProviderOptions): OfflineProvider {
  const { key } = options;
  const clock = options.now ?? (() => new Date());
  if (key.length < 16) throw new Error('offline payment provider: the signing key is missing');

  return {
    name: 'offline',

    async createCheckout(order: CheckoutOrder): Promise<Checkout> {
      if (order.amountCents <= 0) throw new Error('offline payment provider: nothing to pay');
      const reference = `off_${randomBytes(24).toString('base64url')}`;
      return { reference, url: `/pagamento/${reference}` };
    },

    outcomeFields(reference, outcome, amountCents, currency, now = clock()) {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const amount = String(amountCents);
      return {
        Reference: reference,
        Outcome: outcome,
        AmountCents: amount,
        Currency: currency,
        Timestamp: timestamp,
        Signature: signature(key, reference, outcome, amount, currency, timestamp),
      };
    },

    parseOutcome(request: OutcomeRequest, now = clock()): ParsedOutcome {
      const reference = field(request.body, 'Reference');
      const outcome = field(request.body, 'Outcome');
      const amount = field(request.body, 'AmountCents');
      const currency = field(request.body, 'Currency');
      const timestamp = field(request.body, 'Timestamp');
      const given = field(request.body, 'Signature');
      const invalid = () => new AppError('PaymentSignatureInvalid');
      if (!reference || !outcome || !amount || !currency || !timestamp || !given) throw invalid();
      if (
        !isOfflineReference(reference) ||
        !(OFFLINE_OUTCOMES as string[]).includes(outcome) ||
        !/^\d{1,10}$/.test(amount) ||
        !/^[A-Z]{3}$/.test(currency) ||
        !/^\d{1,12}$/.test(timestamp)
      ) {
        throw invalid();
      }
      if (!sameText(given, signature(key, reference, outcome, amount, currency, timestamp))) throw invalid();
      const age = Math.floor(now.getTime() / 1000) - Number(timestamp);
      if (age > OFFLINE_SIGNATURE_TTL_S || age < -CLOCK_SKEW_S) throw invalid();
      return {
        reference,
        outcome: outcome as PaymentOutcome,
        amountCents: Number(amount),
        currency,
        paymentReference: reference,
      };
    },

    async closeCheckout() {
      // The page asks the database before it shows its buttons, and an outcome changes only
      // a pending order: once the order is cancelled, this checkout cannot be paid.
      return 'closed';
    },
  };
}
