import { z } from 'zod';

export const TileParams = z.object({
  z: z.coerce.number().int().min(0).max(14),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});

export const StreetPositionQuery = z.object({
  MunicipalityIstat: z
    .string()
    .regex(/^\d{6}$/)
    .describe('Six-digit ISTAT code of the municipality'),
  Street: z.string().trim().min(1).max(200),
  StreetNumber: z.string().trim().max(20).optional(),
});

export const StreetPositionResponse = z
  .object({
    Position: z
      .object({
        Latitude: z.number(),
        Longitude: z.number(),
        Precision: z
          .enum(['number', 'street'])
          .describe("'number': a known home at this number; 'street': the middle of the street's known homes"),
      })
      .nullable()
      .describe('Null when Rexer knows no public position on this street'),
  })
  .meta({ id: 'StreetPositionResponse' });
export type StreetPositionResponse = z.infer<typeof StreetPositionResponse>;
