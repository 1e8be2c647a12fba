import type { AppConfig } from '../config';
import type { ServerSecrets } from '../plugins/secrets';
import { createOfflineProvider } from './offline';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

export type {
  Checkout,
  CheckoutLine,
  CheckoutOrder,
  OutcomeRequest,
  ParsedOutcome,
  PaymentOutcome,
  PaymentProvider,
} from './provider';
export { PaymentProviderError } from './provider';

/** The provider PAYMENT_PROVIDER names (null: none, only free orders go through). */
export function createPaymentProvider(
  config: AppConfig,
  secrets: ServerSecrets,
  deps: { fetch?: typeof globalThis.fetch } = {},
): PaymentProvider | null {
  switch (config.paymentProvider) {
    case 'offline':
      return createOfflineProvider({ key: secrets.offlinePaymentKey });
    case 'stripe':
      if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe without its keys');
      return createStripeProvider({ ...config.stripe, fetch: deps.fetch });
    default:
      return null;
  }
}
