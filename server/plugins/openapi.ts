import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The OpenAPI document, generated from the zod schemas every route declares: served at
 * /api/openapi.json, browsable at /api/docs (Swagger UI with its assets served from
 * here, no CDN), and turned into the client's types by scripts/generate-api-types.ts.
 * Schemas given an id with `.meta({ id })` become named components.
 */
export default fp(
  async function openapi(fastify) {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Rexer API',
          description:
            'The API of Rexer, the Italian real-estate marketplace. Clients send `Portal: 5` (another value is refused with 400). ' +
            'Every error answers its HTTP status and `{ ExceptionType, ExceptionTypeString }` from the error catalogue.',
          version: API_VERSION,
        },
        tags: [
          { name: 'Config', description: 'What the app needs to start' },
          { name: 'Home', description: 'Home page blocks: cities and recent listings' },
          { name: 'Agency', description: 'Real-estate agencies' },
          { name: 'Download', description: 'Downloadable documents' },
          { name: 'Seo', description: 'Links for crawlers and the footer' },
          { name: 'Contact', description: 'Contact form' },
          { name: 'Careers', description: 'Job applications' },
          { name: 'Health', description: 'Liveness and readiness' },
          { name: 'Static', description: 'Translations and media files' },
        ],
      },
      transform: createJsonSchemaTransform({ skipList: [] }),
      transformObject: jsonSchemaTransformObject,
    });

    await fastify.register(swaggerUi, {
      routePrefix: '/api/docs',
      // BaseLayout: the standalone layout's top bar draws Swagger's logo as an SVG with a
      // <style> element, which the CSP (style-src 'self') refuses; the bar adds nothing here.
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null, layout: 'BaseLayout' },
      staticCSP: false,
    });

    fastify.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
      return reply
        .header('cache-control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(fastify.swagger()));
    });
  },
  { name: 'openapi', fastify: '5.x' },
);
