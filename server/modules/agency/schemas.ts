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
    Phone: z.string().nullable(),
    Email: z.string().nullable(),
    Description: z.string().nullable(),
    LogoUrl: z.string().nullable(),
    Partner: z.boolean(),
  })
  .meta({ id: 'Agency' });

export type AgencyType = z.infer<typeof Agency>;
