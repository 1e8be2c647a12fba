import { z } from 'zod';
import { queryInt, SellTypeQuery, SellTypeValue } from '../shared/query';

export const HomeCitiesQuery = z.object({
  SellType: SellTypeQuery.optional().describe(
    'Only cities with listings of this kind, ordered by their count: 1 sale, 2 rent.',
  ),
  Limit: queryInt(1, 50).default(12).describe('How many cities, 1-50 (default 12).'),
});

export const HomeCity = z
  .object({
    Id: z.string().describe('ISTAT code of the municipality, six digits.'),
    Name: z.string(),
    Slug: z.string(),
    ProvinceCode: z.string().describe('Province sigla: MI, RM ...'),
    ProvinceName: z.string(),
    RegionName: z.string(),
    Latitude: z.number().nullable(),
    Longitude: z.number().nullable(),
    SaleCount: z.number().int(),
    RentCount: z.number().int(),
  })
  .meta({ id: 'HomeCity' });

export const HomeListingsQuery = z.object({
  SellType: SellTypeQuery.optional().describe('1 sale, 2 rent; both when absent.'),
  Limit: queryInt(1, 12).default(6).describe('How many listings, 1-12 (default 6).'),
});

export const HomeListing = z
  .object({
    Id: z.number().int(),
    Title: z.string(),
    CityName: z.string().nullable(),
    ProvinceCode: z.string().nullable(),
    SellType: SellTypeValue,
    Price: z.number().int().nullable().describe('Euros; monthly for rent.'),
    SurfaceM2: z.number().int().nullable(),
    Rooms: z.number().int().nullable(),
    Bathrooms: z.number().int().nullable(),
    PropertyTypeName: z.string().nullable(),
    ImageUrl: z.string().nullable(),
    ThumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'HomeListing' });

export type HomeListingType = z.infer<typeof HomeListing>;
