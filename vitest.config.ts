import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
};

// Two projects: the browser-side code runs in jsdom, the server and the pure
// machines in Node. API tests start the app with app.inject on PGlite, and on
// PostgreSQL too when DATABASE_URL is set.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/shared/config/test-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'machines/**/*.test.ts',
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
