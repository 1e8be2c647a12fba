import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { serverSecrets } from '../db/schema';

/**
 * The keys one server signs or encrypts with and another checks. A key given in the
 * configuration wins; otherwise the first server to start makes one and stores it in
 * `server_secrets`, and every server (and every restart) reads the same one. With several
 * servers, configure them (docs/scaling.md): a key in the database is as safe as its backups.
 */
export interface ServerSecrets {
  /** Signs the ALTCHA challenges (CAPTCHA_HMAC_KEY). */
  captchaHmacKey: string;
  /** Encrypts the e-mail in analytics links (ANALYTICS_TOKEN_KEY). */
  analyticsTokenKey: string;
  /** Seals the social login's flow cookie when the provider gives no client secret. */
  oidcFlowSecret: string;
  /** Signs the delete links of the saved-search alert mails (SAVED_SEARCH_LINK_KEY). */
  savedSearchLinkKey: string;
  /** Signs the payment outcomes of the offline provider's page (OFFLINE_PAYMENT_KEY); empty when another provider takes the payments. */
  offlinePaymentKey: string;
  /**
   * Keys the hash that stands for a listing's visitor for a day (`property_view_visitors`,
   * VIEW_VISITOR_KEY): configured, the hashes of a copy of the database cannot be searched
   * for the addresses behind them.
   */
  viewVisitorKey: string;
}

const NAMES = [
  'captcha_hmac_key',
  'analytics_token_key',
  'oidc_flow_secret',
  'saved_search_link_key',
  'offline_payment_key',
  'view_visitor_key',
] as const;
type SecretName = (typeof NAMES)[number];

/** The named secrets: created when missing (the first writer wins, `ON CONFLICT DO NOTHING`), then read back. */
export async function sharedSecrets(db: Db, names: readonly SecretName[] = NAMES): Promise<Record<SecretName, string>> {
  await db
    .insert(serverSecrets)
    .values(names.map((name) => ({ name, value: randomBytes(32).toString('hex') })))
    .onConflictDoNothing({ target: serverSecrets.name });
  const rows = await db
    .select({ name: serverSecrets.name, value: serverSecrets.value })
    .from(serverSecrets)
    .where(inArray(serverSecrets.name, [...names]));
  const found = Object.fromEntries(rows.map((row) => [row.name, row.value])) as Record<SecretName, string>;
  for (const name of names) if (!found[name]) throw new Error(`server secret ${name} could not be read`);
  return found;
}

/** Forgets the stored secrets (tests; an operator rotating keys does the same with SQL). */
export async function clearSharedSecrets(db: Db): Promise<void> {
  await db.execute(sql`delete from ${serverSecrets}`);
}

declare module 'fastify' {
  interface FastifyInstance {
    secrets: ServerSecrets;
  }
}

export default fp(
  async function secrets(fastify) {
    const { config } = fastify;
    // Only the keys the configuration leaves out are read (and made, the first time).
    const missing = NAMES.filter((name) =>
      name === 'captcha_hmac_key'
        ? !config.captchaHmacKey
        : name === 'analytics_token_key'
          ? !config.analyticsTokenKey
          : name === 'saved_search_link_key'
            ? !config.savedSearchLinkKey
            : name === 'offline_payment_key'
              ? config.paymentProvider === 'offline' && !config.offlinePaymentKey
              : name === 'view_visitor_key'
                ? !config.viewVisitorKey
                : Boolean(config.oidc) && !config.oidc?.clientSecret,
    );
    const stored: Partial<Record<SecretName, string>> =
      missing.length > 0 ? await sharedSecrets(fastify.db, missing) : {};
    fastify.decorate('secrets', {
      captchaHmacKey: config.captchaHmacKey ?? stored.captcha_hmac_key ?? '',
      analyticsTokenKey: config.analyticsTokenKey ?? stored.analytics_token_key ?? '',
      oidcFlowSecret: config.oidc?.clientSecret ?? stored.oidc_flow_secret ?? '',
      savedSearchLinkKey: config.savedSearchLinkKey ?? stored.saved_search_link_key ?? '',
      offlinePaymentKey: config.offlinePaymentKey ?? stored.offline_payment_key ?? '',
      viewVisitorKey: config.viewVisitorKey ?? stored.view_visitor_key ?? '',
    } satisfies ServerSecrets);
  },
  { name: 'secrets', dependencies: ['context'], fastify: '5.x' },
);
