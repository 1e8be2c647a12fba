import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs the schema against the last snapshot in
// server/db/migrations and writes the next SQL migration there. The app applies
// the folder at start with drizzle's migrator, on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
