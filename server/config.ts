import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseStorageUrl, type S3Location } from './storage/storage-url';

/**
 * The server's configuration, read once from the environment at start. Every variable
 * is optional and has a default that works on a laptop; a bad value stops the server
 * with a message naming the variable (loadConfig throws ConfigError, server.ts prints it).
 * An empty string counts as unset, so `FOO= npm start` behaves like no FOO at all.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z.string().trim().min(1).optional();

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional();

/** A tile URL template keeps its {z}/{x}/{y} placeholders, so it is checked as a URL with them replaced. */
const tileUrl = z
  .string()
  .refine(
    (value) => isHttpUrl(value.replace(/\{[a-z]+\}/gi, '0')),
    'must be an http(s) URL template such as https://tile.example.org/{z}/{x}/{y}.png',
  )
  .optional();

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/**
 * TRUST_PROXY: a number of proxy hops, or a comma-separated list of addresses or CIDR ranges
 * of the proxies in front (what Fastify's trustProxy accepts). `true` is refused: it would
 * take the client IP from whatever X-Forwarded-For a client writes, so anyone could pass the
 * per-IP limits and bans.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a number of proxy hops or the addresses of the proxies: true would trust an X-Forwarded-For any client can write',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.find(
      (entry) =>
        isIP(entry.split('/')[0]) === 0 && entry !== 'loopback' && entry !== 'linklocal' && entry !== 'uniquelocal',
    );
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a number of hops or a list of addresses (got ${JSON.stringify(bad ?? value)})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const hostList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return [];
    const hosts = value
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const bad = hosts.find((host) => !/^[a-z0-9.-]+(:\d{1,5})?$/.test(host));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of host names (got ${JSON.stringify(bad)})`,
      });
      return z.NEVER;
    }
    return hosts;
  });

/** Megapixels a minute: 0 (no budget), or at least the largest image an upload takes (50 MP). */
const pixelBudget = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .refine(
    (value) => value === 0 || (value >= 50 && value <= 1_000_000),
    'must be 0 (no budget) or between 50 (the largest image) and 1000000',
  );

const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .refine(
        (value) => /^postgres(ql)?:\/\/.+/.test(value) && URL.canParse(value),
        'must be a postgres:// or postgresql:// URL',
      )
      .optional(),
    PUBLIC_URL: httpUrl,
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\/.+/.test(value) && URL.canParse(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** Uploaded and generated files in an S3-compatible bucket (server/storage/storage-url.ts); unset: DATA_DIR/storage. */
    STORAGE_URL: z
      .string()
      .transform((value, ctx): S3Location => {
        try {
          return parseStorageUrl(value.trim());
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      })
      .optional(),
    TILE_URL: tileUrl,
    /** A Protomaps street basemap: a .pmtiles file inside DATA_DIR, served by the product. */
    BASEMAP_PMTILES: z
      .string()
      .trim()
      .refine(
        (value) => /^[\w.-]+(\/[\w.-]+)*\.pmtiles$/.test(value) && !value.split('/').includes('..'),
        'must be the path of a .pmtiles file inside DATA_DIR, such as basemap/italy.pmtiles',
      )
      .optional(),
    TELEMETRY_URL: httpUrl,
    CAPTCHA: z.enum(['altcha', 'recaptcha', 'off'], { error: "must be 'altcha', 'recaptcha' or 'off'" }).optional(),
    RECAPTCHA_SECRET: optionalString,
    /** The public site key the reCAPTCHA widget needs. */
    RECAPTCHA_SITE_KEY: optionalString,
    /** The key that signs ALTCHA challenges; without it one is made once and kept in the database (server_secrets). */
    CAPTCHA_HMAC_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: httpUrl,
    OIDC_ISSUER: httpUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_REDIRECT_URL: httpUrl,
    OIDC_PROVIDER_NAME: optionalString,
    OIDC_SCOPES: optionalString,
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    PARTNER_HOSTS: hostList,
    TRUST_PROXY: trustProxy,
    /** Requests per minute and client IP across the whole API; 0 switches the global limit off (benchmarks). */
    RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(1000),
    PAGE_RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(300),
    /** Login attempts per minute and client IP (the per-account lock-out holds whatever this is). */
    LOGIN_RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(20),
    /** Registrations an hour per client IP (a registration sends a mail and may start a silent account). */
    REGISTER_RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(10),
    /** Searches (GET /api/Search/Listings and /api/Search/Places) per minute and client IP, counted in the database (every server); 0: no limit of their own. */
    SEARCH_RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(600),
    /** How long (ms) a server counts searches alone before adding them to the shared count (one write per address and period, not per search); 0: every search is written. */
    SEARCH_RATE_LIMIT_SYNC_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(60_000, 'must be 60000 or less')
      .default(1000),
    /** A search statement running longer than this (ms) is stopped and answered 503 SearchTimeout (PostgreSQL; PGlite cannot stop one); 0: no limit. */
    SEARCH_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(60_000, 'must be 60000 or less')
      .default(3000),
    /** How long (s) an answer of GET /api/Search/Listings is served again to the same search; 0: no cache. */
    SEARCH_CACHE_SECONDS: z.coerce
      .number({ error: 'must be a number' })
      .min(0, 'must be 0 or more')
      .max(60, 'must be 60 or less')
      .default(5),
    /** Circles' markers from this server's copy of the listings' positions (PostgreSQL only; server/modules/search/marker-index.ts). */
    SEARCH_MEMORY_MARKERS: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
    /** How long (s) a rendered anonymous page is served again to the same address and home type; 0: no page cache. */
    PAGE_CACHE_TTL_S: z.coerce
      .number({ error: 'must be a number' })
      .min(0, 'must be 0 or more')
      .max(60, 'must be 60 or less')
      .default(5),
    /** The bearer token that opens GET /metrics from another host (loopback needs none); unset: loopback only. */
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /** `false` drops the Secure flag of the session cookies, for plain-http hosts other than localhost. */
    /** The key of the analytics tokens in marketing links; without it one is made once and kept in the database (server_secrets). */
    ANALYTICS_TOKEN_KEY: optionalString,
    /** The key of the delete links of the saved-search alert mails; without it one is made once and kept in the database. */
    SAVED_SEARCH_LINK_KEY: optionalString,
    /** The sender of the mails: `Rexer <noreply@…>` on the PUBLIC_URL's host by default. */
    MAIL_FROM: optionalString,
    /** Show the mail outbox at /visualizzamail: default on when there is no SMTP_URL and HOST is loopback. */
    MAIL_OUTBOX_VIEW: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
    COOKIE_SECURE: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
    /** The most seconds a client may take to send a whole request (a body sent a byte at a time holds a socket until then). */
    REQUEST_TIMEOUT_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(3600, 'must be 3600 or less')
      .default(120),
    /** Lifetime of a session (bearer) token in seconds; the client renews it with its user token. */
    SESSION_TOKEN_TTL_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(3600),
    /** The absolute lifetime of a login in days, whatever the use (the 30 days of inactivity end it sooner). */
    SESSION_MAX_AGE_DAYS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(3650, 'must be 3650 or less')
      .default(90),
    /** The durable job queue (pg-boss, in the database): mail delivery and housekeeping. `false` runs no background work. */
    JOB_QUEUE: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
    /**
     * SIGTERM: how long the server goes on finishing the requests it has (and answering those that
     * arrive on its open connections) before it closes them, in seconds.
     */
    SHUTDOWN_GRACE_S: z.coerce
      .number({ error: 'must be a number' })
      .min(0, 'must be 0 or more')
      .max(300, 'must be 300 or less')
      .default(10),
    /** How often an idle worker looks for jobs, in seconds (pg-boss takes 0.5 or more). */
    JOB_POLL_SECONDS: z.coerce
      .number({ error: 'must be a number' })
      .min(0.5, 'must be 0.5 or more')
      .max(600, 'must be 600 or less')
      .default(2),
    /** The demo market and the demo accounts: default on only for the embedded database on a loopback host. */
    DEMO_DATA: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
    /** A k-anonymity range service of breached passwords (`{url}/range/{first 5 hex of the SHA-1}`); unset: no check. */
    PWNED_PASSWORDS_URL: httpUrl,
    /** Who takes the payments of orders: `offline` (this server's own page, no money moves), `stripe`, or `none`. */
    PAYMENT_PROVIDER: z
      .enum(['offline', 'stripe', 'none'], { error: "must be 'offline', 'stripe' or 'none'" })
      .optional(),
    /** Stripe's secret (or restricted) API key, for PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
        'must be a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_… key)',
      )
      .optional(),
    /** The signing secret of the Stripe webhook endpoint (whsec_…), for PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'must be the signing secret of a Stripe webhook endpoint (whsec_…)')
      .optional(),
    /** Stripe's API origin (a stand-in in tests); default https://api.stripe.com. */
    STRIPE_API_URL: httpUrl,
    /** The key that signs the offline provider's payment outcomes; without it one is made once and kept in the database. */
    OFFLINE_PAYMENT_KEY: optionalString,
    /** The key of the hashes that stand for a listing's visitors for a day; without it one is made once and kept in the database. */
    VIEW_VISITOR_KEY: optionalString,
    /**
     * Megapixels of images an account may have decoded a minute (listing media and avatar,
     * counted in the database from each image's header before it is decoded); 0: no budget.
     * At least the largest image (50 MP), so any accepted image fits a fresh minute.
     */
    UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE: pixelBudget.default(240),
    /** The same for an account whose address is not confirmed yet (a rapid or silent registration): at most the budget above; 0 only when that is 0 too. */
    UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE: pixelBudget.default(120),
    /**
     * Image jobs (a header read, a decode, an encode) sharp runs at once in this process; the
     * others wait their turn. Each holds a thread of libuv's pool, which also reads the files
     * /media serves: it must leave at least 2 of them (UV_THREADPOOL_SIZE, 4 by default).
     * Default: 1 on 2 cores or fewer, 2 above.
     */
    IMAGE_DECODE_CONCURRENCY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(64, 'must be 64 or less')
      .optional(),
    /**
     * Images of one account in this process's line of image work at once (waiting, or in their
     * header read, decode and encodes); one more is refused at once with 429
     * UploadBudgetExceeded. The uploader sends 2 at a time.
     */
    IMAGE_WORK_PER_ACCOUNT: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(64, 'must be 64 or less')
      .default(2),
    /** The same for one client address (its accounts together): at least IMAGE_WORK_PER_ACCOUNT. */
    IMAGE_WORK_PER_ADDRESS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(1024, 'must be 1024 or less')
      .default(4),
    /** Images waiting in the line beyond its slots (each holds its file in memory); one more is refused at once with 503 ImageWorkBusy. */
    IMAGE_WORK_QUEUE_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(10_000, 'must be 10000 or less')
      .default(24),
    /** Messages (POST /api/Message) a user may send a minute, counted in the database (every server); 0: no limit of a minute. */
    MESSAGE_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(10_000, 'must be 10000 or less')
      .default(20),
    /** Messages a user may send in 24 hours, counted in the database (every server); 0: no limit of a day. */
    MESSAGE_RATE_LIMIT_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1_000_000, 'must be 1000000 or less')
      .default(200),
    /** libuv's thread pool (read, not set, here: Node reads it at start). */
    UV_THREADPOOL_SIZE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(1024, 'must be 1024 or less')
      .default(4),
  })
  .superRefine((env, ctx) => {
    if (env.CAPTCHA === 'recaptcha' && !env.RECAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: 'is required when CAPTCHA=recaptcha' });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' });
    }
    const confirmed = env.UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE;
    const unconfirmed = env.UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE;
    if (confirmed >= 50 && (unconfirmed === 0 || unconfirmed > confirmed)) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE'],
        message: `must be between 50 and UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE (${confirmed}): an unconfirmed account uploads no more than a confirmed one`,
      });
    }
    if (env.IMAGE_DECODE_CONCURRENCY !== undefined && env.IMAGE_DECODE_CONCURRENCY > env.UV_THREADPOOL_SIZE - 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['IMAGE_DECODE_CONCURRENCY'],
        message: `must leave at least 2 threads of libuv's pool to file reads: at most ${Math.max(0, env.UV_THREADPOOL_SIZE - 2)} with UV_THREADPOOL_SIZE=${env.UV_THREADPOOL_SIZE} (raise both together)`,
      });
    }
    if (env.IMAGE_WORK_PER_ADDRESS < env.IMAGE_WORK_PER_ACCOUNT) {
      ctx.addIssue({
        code: 'custom',
        path: ['IMAGE_WORK_PER_ADDRESS'],
        message: `must be at least IMAGE_WORK_PER_ACCOUNT (${env.IMAGE_WORK_PER_ACCOUNT}): an address holds at least one account`,
      });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      if (!env.STRIPE_SECRET_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'is required when PAYMENT_PROVIDER=stripe',
        });
      if (!env.STRIPE_WEBHOOK_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'is required when PAYMENT_PROVIDER=stripe',
        });
    }
  });

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'off';
export type PaymentProviderName = 'offline' | 'stripe';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUrl: string | undefined;
  providerName: string;
  scopes: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** STORAGE_URL: the bucket of the files; undefined: DATA_DIR/storage on this server's disk. */
  storage: S3Location | undefined;
  tileUrl: string | undefined;
  /** BASEMAP_PMTILES: the .pmtiles file of the street basemap, relative to dataDir. */
  basemapPmtiles: string | undefined;
  telemetryUrl: string | undefined;
  captcha: CaptchaProvider;
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  captchaHmacKey: string | undefined;
  recaptchaVerifyUrl: string;
  oidc: OidcConfig | undefined;
  /** Every OIDC_* variable as given (non-empty), for social-login settings not modelled above. */
  oidcEnv: Record<string, string>;
  logLevel: LogLevel;
  partnerHosts: string[];
  trustProxy: false | number | string[];
  rateLimitMax: number;
  /** Pages rendered per minute and IP (PAGE_RATE_LIMIT_MAX); 0: no limit of their own. */
  pageRateLimitMax: number;
  loginRateLimitMax: number;
  /** Registrations an hour per IP (REGISTER_RATE_LIMIT_MAX). */
  registerRateLimitMax: number;
  /** Searches per minute and IP (SEARCH_RATE_LIMIT_MAX), shared by every server; 0: the general limit only. */
  searchRateLimitMax: number;
  /** SEARCH_RATE_LIMIT_SYNC_MS: how long a server counts searches alone between two writes of the shared count; 0: each search is written. */
  searchRateLimitSyncMs: number;
  /** SEARCH_TIMEOUT_MS: the statement timeout of the search's and the place search's queries; 0: none. */
  searchTimeoutMs: number;
  /** SEARCH_CACHE_SECONDS: the life of a cached search answer in this process; 0: no cache. */
  searchCacheSeconds: number;
  /** SEARCH_MEMORY_MARKERS: a circle's markers and first page's order from this server's copy of the listings, on PostgreSQL. */
  searchMemoryMarkers: boolean;
  /** PAGE_CACHE_TTL_S: the life of a rendered anonymous page in this process's cache; 0: no cache. */
  pageCacheTtlS: number;
  /** METRICS_TOKEN: `Authorization: Bearer <it>` opens GET /metrics from any address; unset: loopback only. */
  metricsToken: string | undefined;
  cookieSecure: boolean;
  mailOutboxView: boolean | undefined;
  mailFrom: string;
  /** Unset: the key kept in server_secrets (fastify.secrets). */
  analyticsTokenKey: string | undefined;
  /** Unset: the key kept in server_secrets (fastify.secrets). */
  savedSearchLinkKey: string | undefined;
  /** Run the durable job queue (JOB_QUEUE). */
  jobQueue: boolean;
  /** SHUTDOWN_GRACE_S in ms: how long a SIGTERM lets the requests under way finish. */
  shutdownGraceMs: number;
  jobPollSeconds: number;
  sessionTokenTtlMs: number;
  sessionMaxAgeMs: number;
  /** REQUEST_TIMEOUT_S in ms: a request not received whole by then answers 408 and its socket closes. */
  requestTimeoutMs: number;
  /** Whether the demo market and accounts are seeded (see demoDataDefault). */
  demoData: boolean;
  pwnedPasswordsUrl: string | undefined;
  /** Who takes the payments (see paymentProviderDefault); null: none, only free orders go through. */
  paymentProvider: PaymentProviderName | null;
  /** Set when paymentProvider is 'stripe'. */
  stripe: StripeConfig | undefined;
  /** Unset: the key kept in server_secrets (fastify.secrets). */
  offlinePaymentKey: string | undefined;
  /** Unset: the key kept in server_secrets (fastify.secrets). */
  viewVisitorKey: string | undefined;
  /** Pixels of images an account may have decoded a minute (UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE × 10⁶); 0: no budget. */
  uploadPixelBudget: number;
  /** The same for an unconfirmed account (UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE × 10⁶); 0: no budget. */
  uploadPixelBudgetUnconfirmed: number;
  /** Messages a user may send a minute (MESSAGE_RATE_LIMIT_PER_MINUTE), shared by every server; 0: no such limit. */
  messageRateLimitPerMinute: number;
  /** Messages a user may send a day (MESSAGE_RATE_LIMIT_PER_DAY), shared by every server; 0: no such limit. */
  messageRateLimitPerDay: number;
  /** Image jobs sharp runs at once in this process (IMAGE_DECODE_CONCURRENCY). */
  imageDecodeConcurrency: number;
  /** Images of one account in this process's line of image work at once (IMAGE_WORK_PER_ACCOUNT). */
  imageWorkPerAccount: number;
  /** Images of one client address in the line at once (IMAGE_WORK_PER_ADDRESS). */
  imageWorkPerAddress: number;
  /** Images waiting in the line beyond its slots (IMAGE_WORK_QUEUE_MAX). */
  imageWorkQueueMax: number;
}

/** Thrown by loadConfig; `issues` holds one line per bad variable, each starting with its name. */
export class ConfigError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Parses the environment (process.env by default) into the typed configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = envSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const shown =
          input[name] === undefined || /SECRET|URL|TOKEN/.test(name) ? '' : ` (got ${JSON.stringify(input[name])})`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = result.data;
  const captcha: CaptchaProvider = e.CAPTCHA ?? (e.RECAPTCHA_SECRET ? 'recaptcha' : 'altcha');
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (
      e.PUBLIC_URL ?? `http://${isIP(displayHost) === 6 ? `[${displayHost}]` : displayHost}:${e.PORT}`
    ).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    storage: e.STORAGE_URL,
    tileUrl: e.TILE_URL,
    basemapPmtiles: e.BASEMAP_PMTILES,
    telemetryUrl: e.TELEMETRY_URL,
    captcha,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    captchaHmacKey: e.CAPTCHA_HMAC_KEY,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID ?? '',
          clientSecret: e.OIDC_CLIENT_SECRET,
          redirectUrl: e.OIDC_REDIRECT_URL,
          providerName: e.OIDC_PROVIDER_NAME ?? 'oidc',
          scopes: e.OIDC_SCOPES ?? 'openid email profile',
        }
      : undefined,
    oidcEnv: Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith('OIDC_') && typeof entry[1] === 'string' && entry[1].trim() !== '',
      ),
    ),
    logLevel: e.LOG_LEVEL,
    partnerHosts: e.PARTNER_HOSTS,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    pageRateLimitMax: e.PAGE_RATE_LIMIT_MAX,
    loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
    registerRateLimitMax: e.REGISTER_RATE_LIMIT_MAX,
    searchRateLimitMax: e.SEARCH_RATE_LIMIT_MAX,
    searchRateLimitSyncMs: e.SEARCH_RATE_LIMIT_SYNC_MS,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    searchMemoryMarkers: e.SEARCH_MEMORY_MARKERS === 'true',
    pageCacheTtlS: e.PAGE_CACHE_TTL_S,
    metricsToken: e.METRICS_TOKEN,
    cookieSecure: e.COOKIE_SECURE === 'true',
    mailOutboxView: e.MAIL_OUTBOX_VIEW === undefined ? undefined : e.MAIL_OUTBOX_VIEW === 'true',
    mailFrom: e.MAIL_FROM ?? `Rexer <noreply@${mailDomain(e.PUBLIC_URL)}>`,
    analyticsTokenKey: e.ANALYTICS_TOKEN_KEY,
    savedSearchLinkKey: e.SAVED_SEARCH_LINK_KEY,
    jobQueue: e.JOB_QUEUE === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_S * 1000,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    sessionTokenTtlMs: e.SESSION_TOKEN_TTL_S * 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    demoData:
      e.DEMO_DATA === undefined
        ? demoDataDefault({ databaseUrl: e.DATABASE_URL, host: e.HOST, publicUrl: e.PUBLIC_URL })
        : e.DEMO_DATA === 'true',
    pwnedPasswordsUrl: e.PWNED_PASSWORDS_URL?.replace(/\/+$/, ''),
    paymentProvider: paymentProviderOf(e.PAYMENT_PROVIDER, { host: e.HOST, publicUrl: e.PUBLIC_URL }),
    stripe:
      e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
          }
        : undefined,
    offlinePaymentKey: e.OFFLINE_PAYMENT_KEY,
    viewVisitorKey: e.VIEW_VISITOR_KEY,
    uploadPixelBudget: e.UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE * 1_000_000,
    uploadPixelBudgetUnconfirmed: e.UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE * 1_000_000,
    messageRateLimitPerMinute: e.MESSAGE_RATE_LIMIT_PER_MINUTE,
    messageRateLimitPerDay: e.MESSAGE_RATE_LIMIT_PER_DAY,
    imageDecodeConcurrency: e.IMAGE_DECODE_CONCURRENCY ?? imageDecodeConcurrencyDefault(e.UV_THREADPOOL_SIZE),
    imageWorkPerAccount: e.IMAGE_WORK_PER_ACCOUNT,
    imageWorkPerAddress: e.IMAGE_WORK_PER_ADDRESS,
    imageWorkQueueMax: e.IMAGE_WORK_QUEUE_MAX,
  };
}

/**
 * Image jobs at once by default: one on 2 cores or fewer (the other core keeps answering
 * requests), two above; never more than libuv's pool can spare while leaving 2 threads to
 * file reads.
 */
export function imageDecodeConcurrencyDefault(threadpoolSize: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores > 2 ? 2 : 1, threadpoolSize - 2));
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1', '[::1]'];

/** True for a loopback host name or address (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_HOSTS.includes(h) || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The demo market and its accounts (whose password the README publishes) are seeded only
 * where Rexer runs as a demo: the embedded database on a loopback host with no public
 * PUBLIC_URL. A PostgreSQL server or a public address gets the reference data alone unless
 * DEMO_DATA=true.
 */
export function demoDataDefault(opts: {
  databaseUrl: string | undefined;
  host: string;
  publicUrl: string | undefined;
}): boolean {
  if (opts.databaseUrl !== undefined) return false;
  if (!isLoopbackHost(opts.host)) return false;
  return opts.publicUrl === undefined || isLoopbackHost(new URL(opts.publicUrl).hostname);
}

/**
 * The payment provider: the configured one, else `offline` where Rexer runs on a laptop (a
 * loopback host without a public PUBLIC_URL), else none. The offline provider takes no money
 * (its page says paid when asked to), so a public server never gets it by default: there,
 * until PAYMENT_PROVIDER is set, paid orders are refused (PaymentProviderUnavailable) and free
 * ones go through.
 */
export function paymentProviderOf(
  configured: 'offline' | 'stripe' | 'none' | undefined,
  opts: { host: string; publicUrl: string | undefined },
): PaymentProviderName | null {
  if (configured !== undefined) return configured === 'none' ? null : configured;
  const local =
    isLoopbackHost(opts.host) && (opts.publicUrl === undefined || isLoopbackHost(new URL(opts.publicUrl).hostname));
  return local ? 'offline' : null;
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * The CSP source (scheme://host[:port]) of a URL or URL template; a placeholder in the
 * host (`https://{s}.tile.example.org/...`) becomes a wildcard label.
 */
export function cspSourceOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(value);
  if (!match) return undefined;
  const host = match[2].replace(/^\{[a-z]+\}\./i, '*.');
  if (/[{}]/.test(host) || !/^[a-z0-9.*:[\]-]+$/i.test(host)) return undefined;
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

/** The domain of the default sender: the public site's host, or rexer.example on a laptop. */
function mailDomain(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : '';
  return host && !['localhost', '127.0.0.1', '::1', '[::1]'].includes(host) && isIP(host) === 0
    ? host
    : 'rexer.example';
}
