import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { cspSourceOf } from '../config';

/**
 * Security headers on every answer, errors included: HSTS, nosniff, and a CSP that lets
 * the built SPA run (scripts and stylesheets only from this origin, style attributes for
 * the UI kit and the map) while refusing plugins and framing. The map tile host and the telemetry endpoint
 * are added when configured; reCAPTCHA's hosts only when it is the captcha provider.
 */
export default fp(
  async function security(fastify) {
    const { config } = fastify;
    const tiles = cspSourceOf(config.tileUrl);
    const telemetry = cspSourceOf(config.telemetryUrl);
    const recaptcha = config.captcha === 'recaptcha';
    const list = (...sources: (string | undefined | false)[]) =>
      sources.filter((s): s is string => typeof s === 'string');

    const headers = staticHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            scriptSrc: list("'self'", recaptcha && 'https://www.google.com', recaptcha && 'https://www.gstatic.com'),
            scriptSrcAttr: ["'none'"],
            // Stylesheets from this origin only: no <style> element, inline or injected, runs.
            // React's style attributes (sizes computed at run time) keep their own allowance.
            styleSrc: ["'self'"],
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: list("'self'", 'data:', 'blob:', tiles),
            fontSrc: ["'self'", 'data:'],
            // The map library fetches tiles (and may fetch vector styles) instead of using <img>.
            connectSrc: list("'self'", tiles, telemetry),
            // The map library and the captcha widget run web workers from blob: URLs.
            workerSrc: ["'self'", 'blob:'],
            ...(recaptcha ? { frameSrc: ['https://www.google.com'] } : {}),
            mediaSrc: ["'self'"],
            manifestSrc: ["'self'"],
            objectSrc: ["'none'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
        strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
        xContentTypeOptions: true,
        // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this.
        xFrameOptions: { action: 'deny' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
        // The SPA opens no cross-origin popups that need a handle back.
        crossOriginOpenerPolicy: { policy: 'same-origin' },
      }),
    );
    // The same headers on every answer: computed once (the Fastify wrapper of helmet built
    // them again on every request, most of the cost of a small answer), set first thing.
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // An API answer that may be kept says so itself (the reference data, a public listing); any
    // other is private or carries a credential (a draft, an order, a valuation, a login's token)
    // and is never stored, by the browser or a cache on the way (ASVS 8.2.1).
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control') && isApiPath(request.url)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security', dependencies: ['context'], fastify: '5.x' },
);

/** A call of the API (routes match regardless of case). */
function isApiPath(url: string): boolean {
  return url.slice(0, 5).toLowerCase() === '/api/';
}

/** The headers a helmet middleware writes, read once from a stand-in response. */
function staticHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  middleware({} as IncomingMessage, res, (error) => {
    if (error) throw error;
  });
  return headers;
}
