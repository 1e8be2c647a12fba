import { z } from 'zod';
import { SellTypeQuery, SellTypeValue } from '../shared/query';
import { FOOTER_CITIES_PER_PROVINCE, FOOTER_PROVINCES } from './footer-links';

export const SeoCity = z
  .object({ Name: z.string(), Url: z.string(), ListingCount: z.number().int() })
  .meta({ id: 'SeoCity' });

export const SeoProvince = z
  .object({
    ProvinceCode: z.string(),
    ProvinceName: z.string(),
    Url: z.string().describe('/comprocasa/case/{province}/comuni (sale) or /trovocasa/case/{province}/comuni (rent)'),
    ListingCount: z.number().int(),
    Cities: z.array(SeoCity).describe(`The municipalities with most listings, at most ${FOOTER_CITIES_PER_PROVINCE}.`),
  })
  .meta({ id: 'SeoProvince' });

export const SeoFooterLinks = z
  .object({
    Sale: z
      .array(SeoProvince)
      .describe(
        `The ${FOOTER_PROVINCES} provinces with most listings for sale (fewer when fewer have any), most first.`,
      ),
    Rent: z
      .array(SeoProvince)
      .describe(
        `The ${FOOTER_PROVINCES} provinces with most listings for rent (fewer when fewer have any), most first.`,
      ),
  })
  .meta({ id: 'SeoFooterLinks' });

export const SeoMunicipalitiesParams = z.object({
  province: z
    .string()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'a province slug or sigla')
    .describe("Slug of the province's name (monza-e-della-brianza) or its sigla (MB)."),
});

export const SeoMunicipalitiesQuery = z.object({
  SellType: SellTypeQuery.default(1).describe('1 sale (default), 2 rent'),
});

export const SeoMunicipality = z
  .object({
    Id: z.string().describe('ISTAT code'),
    Name: z.string(),
    Slug: z.string(),
    ListingCount: z.number().int(),
    Url: z.string().describe('/vendita/case/{province}/{city}/{istat} or /affitto/...'),
    IsMainTown: z
      .boolean()
      .describe(
        "The province's most populous town (its main town: the capoluogo in nearly every province); one per province.",
      ),
  })
  .meta({ id: 'SeoMunicipality' });

export const SeoMunicipalities = z
  .object({
    ProvinceCode: z.string(),
    ProvinceName: z.string(),
    SellType: SellTypeValue,
    Municipalities: z.array(SeoMunicipality),
  })
  .meta({ id: 'SeoMunicipalities' });

export type SeoProvinceType = z.infer<typeof SeoProvince>;
