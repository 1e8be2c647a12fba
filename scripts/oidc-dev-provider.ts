/**
 * A local OpenID Connect provider standing in for the social network (end-to-end tests,
 * trying the social login on a laptop). Development only: accounts log in by e-mail alone.
 *
 *   OIDC_DEV_PORT=3101 tsx scripts/oidc-dev-provider.ts
 *
 * Variables (all optional):
 * - OIDC_DEV_PORT: port on 127.0.0.1 (default 3101); the issuer is http://127.0.0.1:PORT
 * - OIDC_DEV_CLIENT_ID, OIDC_DEV_CLIENT_SECRET: the app's client (default rexer-dev, rexer-dev-secret)
 * - OIDC_DEV_REDIRECT_URI: comma-separated redirect URIs
 *   (default http://127.0.0.1:3000/api/Account/SocialLogin/Callback)
 * - OIDC_DEV_ACCOUNTS: comma-separated `email` or `email|given name|family name`
 *   (default giulia.social@rexer.example|Giulia|Social)
 *
 * The app then runs with OIDC_ISSUER=http://127.0.0.1:PORT and the same client id, secret
 * and redirect URL.
 */
import { startOidcProvider, type OidcTestAccount } from '../tests/support/oidc-provider';

const env = (name: string, fallback: string) => process.env[name]?.trim() || fallback;

const port = Number(env('OIDC_DEV_PORT', '3101'));
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('OIDC_DEV_PORT must be a port number');
  process.exit(1);
}

const accounts: OidcTestAccount[] = env('OIDC_DEV_ACCOUNTS', 'giulia.social@rexer.example|Giulia|Social')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [email, givenName, familyName] = entry.split('|').map((part) => part.trim());
    return { email, givenName: givenName || undefined, familyName: familyName || undefined };
  });

const provider = await startOidcProvider({
  port,
  clientId: env('OIDC_DEV_CLIENT_ID', 'rexer-dev'),
  clientSecret: env('OIDC_DEV_CLIENT_SECRET', 'rexer-dev-secret'),
  redirectUris: env('OIDC_DEV_REDIRECT_URI', 'http://127.0.0.1:3000/api/Account/SocialLogin/Callback')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean),
  accounts,
});
console.log(`OpenID provider at ${provider.issuer} (accounts: ${accounts.map((a) => a.email).join(', ')})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}
