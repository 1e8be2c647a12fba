import { z } from 'zod';

export const HomeType = z.object({ Id: z.number().int(), Name: z.string() }).meta({ id: 'HomeType' });

export const AppConfigResponse = z
  .object({
    Portal: z.literal(5),
    Language: z.literal('it'),
    HomeTypes: z.array(HomeType).describe('The home modes a visitor can choose (UNDEFINED excluded).'),
    CaptchaProvider: z.enum(['altcha', 'recaptcha', 'off']),
    /** The reCAPTCHA site key when CaptchaProvider is recaptcha. */
    RecaptchaSiteKey: z.string().nullable(),
    /** The social login offered next to the password (an OpenID Connect provider), or null. */
    SocialLogin: z.object({ Name: z.string() }).nullable(),
    TileUrl: z.string().nullable().describe('Map tile URL template; null: the map draws without tiles.'),
    BasemapPmtilesUrl: z
      .string()
      .nullable()
      .describe(
        'Path of the self-hosted street basemap (a Protomaps PMTiles archive served in byte ranges, BASEMAP_PMTILES); null: none. Wins over TileUrl.',
      ),
    Telemetry: z.object({
      Enabled: z.boolean(),
      Url: z.string().nullable(),
      SamplingPercentage: z.number(),
    }),
    PartnerHosts: z.array(z.string()).describe('Host names that keep the visitor home type on every page.'),
    ContactPhone: z.string(),
    ContactEmail: z.string(),
    BlogUrl: z.string(),
    SearchCenter: z.object({ Latitude: z.number(), Longitude: z.number() }),
    Careers: z.object({
      MaxCvBytes: z.number().int(),
      AcceptedTypes: z.array(z.string()),
    }),
  })
  .meta({ id: 'AppConfig' });

export type AppConfigResponse = z.infer<typeof AppConfigResponse>;
