import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type AppConfig } from './config';
import type { Database } from './db/database';
import { armFailpoints, failpointsError } from './lib/failpoint';

/**
 * Boots Rexer: reads the configuration (a bad variable stops here with its name), opens
 * the storage and the database (migrating and seeding on first start), builds the app,
 * listens, and closes everything on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  // Pages render with React's production build (it reads NODE_ENV when the renderer loads);
  // `--dev` (npm run dev) keeps the development build and its warnings.
  if (!process.argv.includes('--dev')) process.env.NODE_ENV ??= 'production';
  let config: AppConfig;
  try {
    config = loadConfig();
    // Failpoints (tests only: refused unless NODE_ENV=test).
    const failpoints = failpointsError(process.env);
    if (failpoints !== null) throw new ConfigError([failpoints]);
    armFailpoints(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Rexer cannot start. ${error.message}`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  // Loaded after the configuration is known good, so a bad variable fails in a blink.
  const [{ buildApp }, { openDatabase }, { openFileStorage }, { outboxViewEnabled }, { drainAndClose }] =
    await Promise.all([
      import('./app'),
      import('./db/database'),
      import('./storage/open-storage'),
      import('./modules/mail-outbox'),
      import('./lib/graceful-shutdown'),
    ]);
  let opened: Awaited<ReturnType<typeof openFileStorage>>;
  try {
    opened = await openFileStorage(config);
  } catch (error) {
    console.error(`Rexer cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { storage } = opened;
  console.log(`File storage: ${opened.description}`);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let closing = false;

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, 'shutting down');
    // A stuck close must not keep the process alive forever.
    const timer = setTimeout(() => {
      console.error('shutdown timed out, exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    timer.unref();
    try {
      // The requests under way finish (SHUTDOWN_GRACE_S), then the pools close.
      if (app) await drainAndClose(app, { graceMs: config.shutdownGraceMs });
      await database?.close();
      process.exit(0);
    } catch (error) {
      console.error('error during shutdown', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  console.log(
    config.demoData
      ? 'Demo data: on (the demo market and the demo accounts of the README are seeded; DEMO_DATA=false to leave them out)'
      : 'Demo data: off (reference data only; DEMO_DATA=true seeds the demo market and the demo accounts)',
  );
  try {
    database = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      // The demo accounts have a published password: seeded only where Rexer runs as a demo.
      seed: config.demoData ? 'demo' : 'reference',
      storage,
      log: (msg) => console.log(msg),
    });
    if (closing) return;
    // `--dev` (npm run dev): Vite renders the pages from the sources, with hot reload.
    app = await buildApp({ config, database, storage, devPages: process.argv.includes('--dev') });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A folder another server holds is said in one line: nothing is wrong but where it points.
    if (error instanceof Error && error.name === 'FolderInUseError')
      console.error(`Rexer cannot start. ${error.message}`);
    else console.error('Rexer failed to start:', error);
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host =
    config.host === '0.0.0.0' || config.host === '::'
      ? '127.0.0.1'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
  console.log(`Rexer è pronto su http://${host}:${port}`);
  console.log(
    outboxViewEnabled(config)
      ? 'Mail outbox view: on at /visualizzamail, answered only to requests from this machine to a loopback Host (MAIL_OUTBOX_VIEW=false to switch it off)'
      : 'Mail outbox view: off (SMTP_URL or TRUST_PROXY set, a non-loopback HOST or PUBLIC_URL, or MAIL_OUTBOX_VIEW=false)',
  );
}

void main();
