import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/database';
import type { FileStorage } from '../storage/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Shortcut for database.db: the Drizzle instance over the whole schema. */
    db: Db;
    storage: FileStorage;
  }
}

export interface ContextOptions {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
}

/**
 * Puts the configuration, the database and the file storage on the instance. The app does
 * not own the database: whoever opened it (server.ts, a test) closes it after the app.
 */
export default fp<ContextOptions>(
  async function context(fastify, opts) {
    fastify.decorate('config', opts.config);
    fastify.decorate('database', opts.database);
    fastify.decorate('db', opts.database.db);
    fastify.decorate('storage', opts.storage);
  },
  { name: 'context', fastify: '5.x' },
);
