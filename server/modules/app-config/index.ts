import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHomeTypes } from './repository';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createCachedAnswer } from '../../lib/reference-cache';
import { PORTAL_ID } from '../../plugins/portal';
import { BASEMAP_PMTILES_PATH, basemapFile } from '../map';
import { CV_ACCEPTED_TYPES, CV_MAX_BYTES } from '../careers/cv-file';
import { BLOG_URL, CONTACT_EMAIL, CONTACT_PHONE, SEARCH_CENTER, TELEMETRY_SAMPLING_PERCENTAGE } from './constants';
import { AppConfigResponse } from './schemas';

/** GET /api/config: what the SPA needs before its first render. */
const appConfigModule: FastifyPluginAsyncZod = async function appConfigModule(fastify) {
  const { config } = fastify;
  // Configuration and seeded home types: read and serialised once per process.
  const answer = createCachedAnswer(
    async (): Promise<AppConfigResponse> => ({
      Portal: PORTAL_ID as 5,
      Language: 'it' as const,
      HomeTypes: await listHomeTypes(fastify.db),
      CaptchaProvider: config.captcha,
      RecaptchaSiteKey: config.captcha === 'recaptcha' ? (config.recaptchaSiteKey ?? null) : null,
      SocialLogin: config.oidc ? { Name: config.oidc.providerName } : null,
      TileUrl: config.tileUrl ?? null,
      BasemapPmtilesUrl: basemapFile(config.dataDir, config.basemapPmtiles) ? BASEMAP_PMTILES_PATH : null,
      Telemetry: {
        Enabled: config.telemetryUrl !== undefined,
        Url: config.telemetryUrl ?? null,
        SamplingPercentage: TELEMETRY_SAMPLING_PERCENTAGE,
      },
      PartnerHosts: config.partnerHosts,
      ContactPhone: CONTACT_PHONE,
      ContactEmail: CONTACT_EMAIL,
      BlogUrl: BLOG_URL,
      SearchCenter: { ...SEARCH_CENTER },
      Careers: { MaxCvBytes: CV_MAX_BYTES, AcceptedTypes: [...CV_ACCEPTED_TYPES] },
    }),
    { cacheControl: CACHE_CONTROL.config },
  );

  fastify.get(
    '/api/config',
    {
      schema: {
        tags: ['Config'],
        summary: 'Application configuration',
        response: { 200: AppConfigResponse, ...errorResponses() },
      },
    },
    (request, reply) => answer.send(request, reply),
  );
};

export default appConfigModule;
