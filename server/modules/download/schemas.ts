import { z } from 'zod';
import { PathId } from '../shared/query';

export const DownloadItem = z
  .object({
    Id: z.number().int(),
    Kind: z
      .number()
      .int()
      .min(1)
      .max(14)
      .describe('Document kind 1-14 (terms, privacy, guides, statute, home report ...).'),
    Title: z.string(),
    Description: z.string().nullable(),
    FileName: z.string(),
    ContentType: z.string(),
    SizeBytes: z.number().int(),
    UpdatedAt: z.iso.datetime(),
    Url: z.string().describe('/api/Download/Get/{Id}'),
  })
  .meta({ id: 'DownloadItem' });

export const DownloadGetParams = z.object({ id: PathId.describe('Document id') });

export const DownloadGetQuery = z.object({
  Source: z
    .enum(['link'])
    .optional()
    .describe('link: the download started from the tracked link /route/RouteLink (counted apart).'),
});

export const DownloadFile = z.string().meta({ format: 'binary' });
