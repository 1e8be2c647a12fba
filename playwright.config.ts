import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, PLAYWRIGHT_EXECUTABLE_PATH } from './tests/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
const oidcPort = port + 1;
// One data folder per port: two runs on different E2E_PORTs never share a database.
const dataDir = `.tmp/e2e-data-${port}`;
export const E2E_ANALYTICS_TOKEN_KEY = 'e2e-analytics-token-key';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two workers on a two-core machine that also builds and serves: a journey of several
  // password hashes and page loads takes 20-30 s there, so the default leaves no margin.
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-IT',
    trace: 'off',
    launchOptions: {
      executablePath: PLAYWRIGHT_EXECUTABLE_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // A real OpenID provider standing in for the social network of the social login.
      command: 'npx tsx scripts/oidc-dev-provider.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      env: {
        OIDC_DEV_PORT: String(oidcPort),
        OIDC_DEV_CLIENT_ID: 'rexer-e2e',
        OIDC_DEV_CLIENT_SECRET: 'rexer-e2e-secret',
        OIDC_DEV_REDIRECT_URI: `http://127.0.0.1:${port}/api/Account/SocialLogin/Callback`,
        OIDC_DEV_ACCOUNTS: 'giulia.social@rexer.example|Giulia|Sociale',
      },
    },
    {
      // A fresh data folder each run: the flows change accounts (terms accepted, passwords).
      command: `rm -rf ${dataDir} && npm run build && npm run serve`,
      url: `http://127.0.0.1:${port}/healthcheck`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CAPTCHA: 'off',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // Every test shares one IP; the per-IP limits of contact and careers still apply.
        RATE_LIMIT_MAX: '0',
        PAGE_RATE_LIMIT_MAX: '0',
        LOGIN_RATE_LIMIT_MAX: '1000',
        // The journeys register visitors (account, listing and valuation wizards) from one IP.
        REGISTER_RATE_LIMIT_MAX: '1000',
        OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        OIDC_CLIENT_ID: 'rexer-e2e',
        OIDC_CLIENT_SECRET: 'rexer-e2e-secret',
        OIDC_PROVIDER_NAME: 'Google',
        // Session tokens expire within a test, so every logged-in flow goes through the renewal.
        SESSION_TOKEN_TTL_S: '3',
        // Known to the tests, which make the analytics links of marketing mails.
        ANALYTICS_TOKEN_KEY: E2E_ANALYTICS_TOKEN_KEY,
      },
    },
  ],
});
