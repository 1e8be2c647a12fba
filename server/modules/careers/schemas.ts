import { z } from 'zod';
import { PlainName } from '../shared/schemas';

/** The text fields of an application, validated once the multipart body is read. */
export const CareersApplicationFields = z.object({
  Name: PlainName(100).min(2),
  Email: z.email().max(254),
  Message: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(4000).optional()),
});

/** The multipart body as published in the OpenAPI document. */
export const CareersApplyBody = z
  .object({
    Name: PlainName(100).min(2),
    Email: z.email().max(254),
    Message: z.string().max(4000).optional(),
    Cv: z.string().meta({ format: 'binary' }).describe('PDF, DOC or DOCX, at most 5 MB.'),
  })
  .meta({ id: 'CareersApplyBody' });
