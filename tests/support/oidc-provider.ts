import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no type declarations; the few calls used are typed below.
import ProviderModule from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for the social
 * network in tests and in the end-to-end run (scripts/oidc-dev-provider.ts). Its login page
 * is a plain form: any e-mail of `accounts` logs in, no password; "Annulla" answers
 * access_denied. Consent is granted at once: the client is first-party.
 */

export interface OidcTestAccount {
  email: string;
  /** Default: derived from the e-mail, stable across starts. */
  sub?: string;
  /** Default true. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface OidcProviderOptions {
  /** 0 or unset: a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: OidcTestAccount[];
}

export interface RunningOidcProvider {
  /** `http://127.0.0.1:port`, the OIDC_ISSUER of the app. */
  issuer: string;
  close(): Promise<void>;
}

interface Interaction {
  uid: string;
  prompt: {
    name: string;
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };
  params: { client_id?: string };
  session?: { accountId?: string };
  grantId?: string;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
}

const ProviderClass = ProviderModule as new (issuer: string, configuration: object) => Provider;

/** The subject of an account without one: stable for an e-mail. */
export function subjectOf(account: OidcTestAccount): string {
  return account.sub ?? `sub-${createHash('sha256').update(account.email.toLowerCase()).digest('hex').slice(0, 24)}`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error?: string): string {
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Accedi</title></head>
<body>
<h1>Accedi</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>E-mail <input type="email" name="email" autocomplete="email" required autofocus></label>
<button type="submit">Accedi</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Annulla</button></form>
</body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const accounts = new Map(options.accounts.map((account) => [subjectOf(account), account]));
  const byEmail = new Map(options.accounts.map((account) => [account.email.toLowerCase(), subjectOf(account)]));

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new ProviderClass(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-rsa', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
            ...(name ? { name } : {}),
          };
        },
      };
    },
  });
  const oidcHandler = provider.callback();

  /** The login form, its answers, and the consent granted without a page. */
  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) => {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the login' },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === 'login') {
      if (req.method === 'POST' && action === 'login') {
        const email = (await formBody(req)).get('email')?.trim().toLowerCase() ?? '';
        const accountId = byEmail.get(email);
        if (accountId)
          return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid, 'Account sconosciuto'));
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(loginPage(uid));
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id;
      if (!accountId || !clientId) throw new Error('consent without a session');
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
        new provider.Grant({ accountId, clientId });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(resource, scopes.join(' '));
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    }
    throw new Error(`unexpected prompt ${details.prompt.name}`);
  };

  handler = (req, res) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?(?:\?.*)?$/.exec(req.url ?? '');
    if (!match) return oidcHandler(req, res);
    interaction(req, res, match[1], match[2]).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(err instanceof Error ? err.message : 'error');
    });
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
