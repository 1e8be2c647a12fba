import { z } from 'zod';
import { SearchListing } from '../shared/search-listing';

export const FavoriteItem = z
  .object({
    Property: SearchListing,
    SavedAt: z.iso.datetime(),
    PriceAtSave: z.number().int().nullable().describe('The asking price when the favourite was saved.'),
    PriceChange: z
      .number()
      .int()
      .nullable()
      .describe('Current price minus the price when saved; null when either is unknown.'),
    Status: z.number().int().describe('2 published, 3 suspended, 4 sold.'),
  })
  .meta({ id: 'FavoriteItem' });

export const FavoriteList = z.object({ Items: z.array(FavoriteItem) }).meta({ id: 'FavoriteList' });

export const FavoriteParams = z.object({ propertyId: z.coerce.number().int().positive().max(2_147_483_647) });
