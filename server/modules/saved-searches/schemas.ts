import { z } from 'zod';
import { ALERT_FREQUENCIES } from '@domain/search';

export const AlertFrequency = z
  .enum(ALERT_FREQUENCIES)
  .meta({ id: 'AlertFrequency', description: 'How often the alert mail of a saved search may go out.' });

/** The criteria of a search: the query of GET /api/Search/Listings (domain/search.ts). */
export const SearchCriteria = z
  .record(z.string().max(40), z.union([z.string().max(6000), z.number(), z.boolean()]))
  .refine((value) => Object.keys(value).length <= 60, { message: 'too many criteria' })
  .meta({
    id: 'SearchCriteria',
    description: 'The search as the query of GET /api/Search/Listings (SearchParams keys).',
  });

export const SavedSearchItem = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    Frequency: AlertFrequency,
    AlertsEnabled: z.boolean(),
    Criteria: z.record(z.string(), z.string()),
    Summary: z
      .string()
      .describe('Italian one-line description: "Trilocali in vendita a Bologna, fino a 450.000 €, da 70 m²".'),
    CreatedAt: z.iso.datetime(),
    LastNotifiedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SavedSearch' });

export const SavedSearchList = z.object({ Items: z.array(SavedSearchItem) }).meta({ id: 'SavedSearchList' });

// No control characters: the name is the subject line of the alert mails.
const Name = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\P{Cc}*$/u, { message: 'no control characters' });

export const CreateSavedSearchRequest = z
  .object({ Name, Frequency: AlertFrequency.default('daily'), Criteria: SearchCriteria })
  .meta({ id: 'CreateSavedSearchRequest' });

export const UpdateSavedSearchRequest = z
  .object({ Name: Name.optional(), Frequency: AlertFrequency.optional(), AlertsEnabled: z.boolean().optional() })
  .meta({ id: 'UpdateSavedSearchRequest' });

export const DeleteByLinkRequest = z
  .object({ Id: z.number().int().positive().max(2_147_483_647), Token: z.string().min(1).max(128) })
  .meta({
    id: 'DeleteSavedSearchByLinkRequest',
    description: 'The id and token of the link of an alert mail (/eliminaricerca/{id}?t={token}).',
  });

export const DeleteByLinkResponse = z.object({ Name: z.string() }).meta({ id: 'DeleteSavedSearchByLinkResponse' });
