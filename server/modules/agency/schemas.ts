import { z } from 'zod';

export const AgencyListQuery = z.object({
  City: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a municipality slug such as reggio-nell-emilia')
    .max(96)
    .optional()
    .describe('Slug of a municipality; every agency when absent.'),
});

export const Agency = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    Slug: z.string(),
    CityName: z.string().nullable(),
    ProvinceCode: z.string().nullable(),
    Address: z.string().nullable().describe('Street, number and postcode.'),
    Description: z.string().nullable(),
    LogoUrl: z.string().nullable(),
    Partner: z.boolean(),
  })
  .meta({
    id: 'Agency',
    description:
      'No phone and no e-mail: a list would hand every number to a scraper at once; the phone is POST /api/Agency/{slug}/Phone (counted, limited).',
  });

export type AgencyType = z.infer<typeof Agency>;

/** An agency's slug: lowercase letters, digits and single hyphens (agencies.slug, unique and stable). */
export const AgencySlugParams = z.object({
  slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an agency slug such as immobiliare-rossi-milano')
    .describe("The agency's slug, as in /agenzie/{slug}."),
});

const PublishedCounts = z.object({
  Sale: z.number().int().describe('Published listings for sale.'),
  Rent: z.number().int().describe('Published listings for rent.'),
});

/** The agency's page (/agenzie/{slug}): what anybody may read; the phone is a call of its own, counted, and the e-mail is never answered. */
export const AgencyPage = z
  .object({
    Id: z.number().int(),
    Slug: z.string(),
    Name: z.string(),
    LogoUrl: z.string().nullable(),
    Description: z.string().nullable(),
    Address: z.object({
      Street: z.string().nullable(),
      StreetNumber: z.string().nullable(),
      PostalCode: z.string().nullable(),
      Town: z.string().nullable().describe('The municipality.'),
      Province: z.string().nullable().describe("The province's sigla (MI)."),
      Latitude: z.number().nullable(),
      Longitude: z.number().nullable(),
    }),
    IsPartner: z.boolean(),
    Rating: z.number().nullable().describe('Average review score 1.0-5.0; null without reviews.'),
    ReviewsCount: z.number().int(),
    AcceptsMessages: z
      .boolean()
      .describe(
        "Whether the agency has an active account on Rexer to write to («Contatta l'agenzia»: POST /api/Message with AgencySlug); false: 409 AgencyNotReachable.",
      ),
    PublishedListings: PublishedCounts,
    Search: z
      .object({
        SearchType: z.literal('agency'),
        Agency: z.number().int(),
      })
      .describe("The search parameters of the agency's listings (GET /api/Search/Listings, type 9), beside SellType."),
  })
  .meta({ id: 'AgencyPage' });

export type AgencyPageType = z.infer<typeof AgencyPage>;

export const AgencyPhone = z.object({ Phone: z.string() }).meta({ id: 'AgencyPhone' });
