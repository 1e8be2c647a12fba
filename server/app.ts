import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { errorBody } from './errors/catalogue';
import browserSession from './plugins/browser-session';
import mailOutboxModule from './modules/mail-outbox';
import mailSender from './modules/mail-outbox/sender';
import signInModule from './modules/sign-in';
import captcha from './plugins/captcha';
import secrets from './plugins/secrets';
import imageWork from './plugins/image-work';
import jobQueue from './jobs/queue';
import housekeeping from './jobs/housekeeping';
import searchAlerts from './jobs/search-alerts';
import appointmentJobs from './jobs/appointment-jobs';
import { authentication } from './auth/require-user';
import profileModule from './modules/profile';
import socialLoginModule from './modules/social-login';
import agencyModule from './modules/agency';
import reviewsModule from './modules/reviews';
import appConfigModule from './modules/app-config';
import careersModule from './modules/careers';
import contactModule from './modules/contact';
import downloadModule from './modules/download';
import healthModule from './modules/health';
import homeModule from './modules/home';
import listingMediaModule from './modules/listing-media';
import listingDraftsModule from './modules/listing-drafts';
import listingStats from './modules/listing-stats';
import localesModule from './modules/locales';
import mapModule from './modules/map';
import mediaModule from './modules/media';
import propertyModule from './modules/property';
import searchModule from './modules/search';
import seoModule from './modules/seo';
import savedSearchesModule from './modules/saved-searches';
import favoritesModule from './modules/favorites';
import appointmentsModule from './modules/appointments';
import ordersModule from './modules/orders';
import valuationModule from './modules/valuation';
import messagesModule from './modules/messages';
import myRexerModule from './modules/my-rexer';
import siteReviewsModule from './modules/site-reviews';
import eventsModule from './modules/events';
import userEvents from './lib/user-events';
import context from './plugins/context';
import metrics from './plugins/metrics';
import cookies from './plugins/cookies';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import portal from './plugins/portal';
import rateLimit from './plugins/rate-limit';
import requestId from './plugins/request-id';
import sameOrigin from './plugins/same-origin';
import jsonBodyGuard from './plugins/json-body-guard';
import security from './plugins/security';
import pages, { type PagesOptions } from './plugins/pages';
import pageCache from './plugins/page-cache';
import { isInternalRawCall } from './plugins/internal-call';
import { redactLogArguments, serializeError, serializeRequest } from './plugins/log-redaction';
import type { FileStorage } from './storage/file-storage';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  /** The build: dist/client and dist/server (default: dist/ at the repository root). */
  distDir?: string;
  /** Development: pages rendered from the sources by Vite in middleware mode, with hot reload. */
  devPages?: boolean;
  /** Tests: the page renderer of src/app/entry-server, used without a build. */
  createPageRenderer?: PagesOptions['createRenderer'];
  /** Translation files, `{lng}/{ns}.json` (default: locales/ at the repository root). */
  localesDir?: string;
  /** Requests per minute and IP answered by the not-found handler (default 120; 0: unlimited). */
  notFoundRateLimit?: number;
  /** Tests: the heartbeat period of the live event streams (default 25 s). */
  eventsHeartbeatMs?: number;
  /** The live-event streams this process holds at most (tests use a few). */
  eventsMaxStreams?: number;
}

/**
 * The application as one plugin: cross-cutting plugins first (they are wrapped with
 * fastify-plugin, so they apply to every module), then each module with its routes.
 * Order matters where noted.
 */
export const app = fp<AppOptions>(
  async function rexer(fastify, opts) {
    fastify.setValidatorCompiler(validatorCompiler);
    fastify.setSerializerCompiler(serializerCompiler);

    await fastify.register(context, { config: opts.config, database: opts.database, storage: opts.storage });
    // GET /metrics and the counters every module increments (fastify.metrics): before any of them.
    await fastify.register(metrics);
    await fastify.register(requestId);
    await fastify.register(security);
    // Pages, scripts, stylesheets and larger answers travel compressed (brotli or gzip); a
    // light brotli level, since pages are compressed as they stream.
    await fastify.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await fastify.register(cookies);
    await fastify.register(rateLimit);
    await fastify.register(errors, { notFoundMax: opts.notFoundRateLimit });
    await fastify.register(portal);
    await fastify.register(sameOrigin);
    await fastify.register(jsonBodyGuard);
    // The bearer of browsers travels in an HttpOnly cookie; this reads it for every module.
    await fastify.register(browserSession);
    // Keys shared by every server (configuration, or made once and kept in the database).
    await fastify.register(secrets);
    // The bounded line every image decode of this process waits in.
    await fastify.register(imageWork);
    // The durable job queue, then the background work that runs on it.
    await fastify.register(jobQueue);
    await fastify.register(mailSender);
    await fastify.register(housekeeping);
    await fastify.register(searchAlerts);
    await fastify.register(appointmentJobs);
    await fastify.register(authentication);
    // The live events of the users (GET /api/Events): one LISTEN per process, its open streams.
    await fastify.register(userEvents, { heartbeatMs: opts.eventsHeartbeatMs, maxStreams: opts.eventsMaxStreams });
    // Rendered anonymous pages kept a few seconds; it watches the routes that change a listing
    // (onRoute), so it too comes before any module.
    await fastify.register(pageCache);
    // Swagger collects routes through onRoute: it must be registered before any module.
    await fastify.register(openapi);
    // The captcha of the login and registration forms (its challenge route is in the document).
    await fastify.register(captcha);

    await fastify.register(listingStats);
    await fastify.register(appConfigModule);
    await fastify.register(homeModule);
    await fastify.register(agencyModule);
    await fastify.register(reviewsModule);
    await fastify.register(signInModule);
    await fastify.register(profileModule);
    await fastify.register(socialLoginModule);
    await fastify.register(savedSearchesModule);
    await fastify.register(favoritesModule);
    await fastify.register(appointmentsModule);
    await fastify.register(ordersModule);
    await fastify.register(valuationModule);
    await fastify.register(messagesModule);
    await fastify.register(myRexerModule);
    await fastify.register(siteReviewsModule);
    await fastify.register(eventsModule);
    await fastify.register(downloadModule);
    await fastify.register(mailOutboxModule);
    await fastify.register(propertyModule);
    await fastify.register(listingMediaModule);
    await fastify.register(listingDraftsModule);
    await fastify.register(seoModule);
    await fastify.register(searchModule);
    await fastify.register(mapModule);
    await fastify.register(contactModule);
    await fastify.register(careersModule);
    await fastify.register(healthModule);
    await fastify.register(localesModule, { localesDir: opts.localesDir });
    await fastify.register(mediaModule);
    // Last: its catch-all GET route renders the page of every path no module claimed.
    await fastify.register(pages, {
      distDir: opts.distDir,
      localesDir: opts.localesDir,
      dev: opts.devPages,
      createRenderer: opts.createPageRenderer,
    });
  },
  { name: 'rexer', fastify: '5.x' },
);

/**
 * The logger: pino at LOG_LEVEL (or the options given, such as a test's capture stream),
 * always with credentials redacted: headers that carry them, and tokens in URLs, errors and
 * messages.
 */
function loggerOptions(config: AppConfig, logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const given = typeof logger === 'object' && logger !== null ? logger : {};
  return {
    level: config.logLevel,
    ...given,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest, err: serializeError },
    hooks: { logMethod: redactLogArguments },
  };
}

/** Fastify's own options, from the configuration: logging, proxies, limits, routing. */
export function serverOptions(
  config: AppConfig,
  logger: FastifyServerOptions['logger'] = undefined,
): FastifyServerOptions {
  return {
    logger: loggerOptions(config, logger),
    // A number means 'trust that many hops' (what Fastify does with a number, typed as a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A client's (or proxy's) X-Request-Id is kept when it looks like an id, so logs join
    // across services; anything else gets a fresh one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{8,128}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Fastify turns Node's request timeout off: a body sent a byte at a time would hold its
    // socket for ever. A stream of live events is not cut by it (it bounds receiving only).
    requestTimeout: config.requestTimeoutMs,
    // The API calls a page makes while it renders are logged only when they go wrong: the
    // page's own request is the one a reader of the logs follows.
    childLoggerFactory: (logger, bindings, childOptions, rawRequest) =>
      logger.child(bindings, isInternalRawCall(rawRequest.headers) ? { ...childOptions, level: 'warn' } : childOptions),
    // A path the router refuses before any route (a bad escape, a segment over the length
    // limit) still answers with the error body.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(errorBody(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'ValidationError' : 'MalformedRequest'));
    },
    // The spec's paths mix /api/user and /api/User: routes match regardless of case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 300 },
  };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds a ready-to-listen instance around a database and a storage that the caller
 * owns (and closes after the app). Tests pass a test database and `logger: false`.
 */
export async function buildApp(
  options: AppOptions & { logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const { logger, ...appOptions } = options;
  const fastify = Fastify(serverOptions(options.config, logger));
  await fastify.register(app, appOptions);
  return fastify;
}
