import { z } from 'zod';
import { contactDetailIn } from '@domain/listing/contact-details';
import { isOneLineText } from '@domain/person-name';
import { PathId, SellTypeValue, queryInt } from '../shared/query';

// The valuation API (issue 12): POST /api/Valuation values a home from comparable listings,
// GET /api/Valuation/{id} shows it again (/valutocasa/{id}), GET /api/User/Valuations lists
// the signed-in user's (/myrexer/valutazioni). PascalCase fields as in the rest of the API.

/**
 * The address is quoted in the valuation mail, which goes to the address typed at step 0 (not
 * proven yet): one line of visible text (no line or paragraph separators, no direction
 * overrides) holding no link or e-mail address, so it cannot carry a message of its own.
 */
const Address = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .refine(isOneLineText, { message: 'one line of visible text' })
  .refine(
    (value) => {
      const found = contactDetailIn(value);
      return found !== 'link' && found !== 'email';
    },
    { message: 'no link or e-mail address' },
  );

/** The answers valued: the landing's address and pin, and wizard steps 3, 5, 6, 7, 8, 9. Bounds as domain/wizard-steps.ts validates them. */
export const ValuationRequest = z
  .object({
    SellType: SellTypeValue.default(1).describe('1 sale (the price), 2 rent (the monthly rent); default 1'),
    Latitude: z.number().min(35).max(48).describe("The home's pin (WGS84), inside Italy's bounding box"),
    Longitude: z.number().min(6).max(19),
    Address: Address.optional().describe('The address as typed on the landing; shown and mailed back, never searched'),
    PropertyTypeId: z.number().int().min(1).max(18).describe('Property type 1-18 (step 3)'),
    SurfaceM2: z.number().int().min(1).max(100_000).describe('Square metres (step 5)'),
    Rooms: z
      .number()
      .int()
      .min(0)
      .max(99)
      .nullable()
      .optional()
      .describe('Rooms (locali), step 6; stored, not used by the method'),
    Bathrooms: z.number().int().min(0).max(99).nullable().optional(),
    Floor: z.number().int().min(-5).max(200).nullable().optional().describe('-1 basement, 0 ground floor ... (step 7)'),
    BuildingFloors: z.number().int().min(1).max(200).nullable().optional(),
    HasLift: z.boolean().nullable().optional(),
    ConditionId: z.number().int().min(1).max(4).describe('1 new, 2 excellent, 3 good, 4 to renovate (step 8)'),
    EnergyClassId: z
      .number()
      .int()
      .min(1)
      .max(12)
      .nullable()
      .optional()
      .describe('1-10 A4 ... G, 11 exempt, 12 pending (step 9)'),
    AgencySlug: z
      .string()
      .max(200)
      .optional()
      .describe(
        'The agency whose page the valuation was asked from (/valutocasa?agenzia={slug}): stored with it, so its owner may review the agency later. An unknown slug is ignored, never an error.',
      ),
  })
  .refine(
    (v) =>
      v.Floor === null ||
      v.Floor === undefined ||
      v.BuildingFloors === null ||
      v.BuildingFloors === undefined ||
      v.Floor <= v.BuildingFloors,
    {
      message: 'Floor cannot be above BuildingFloors',
      path: ['Floor'],
    },
  )
  .meta({ id: 'ValuationRequest', description: 'The home to value.' });

export type ValuationRequestType = z.infer<typeof ValuationRequest>;

export const ValuationSubject = z
  .object({
    SellType: SellTypeValue,
    Latitude: z.number(),
    Longitude: z.number(),
    Address: z.string().nullable(),
    PropertyTypeId: z.number().int(),
    SurfaceM2: z.number().int(),
    Rooms: z.number().int().nullable(),
    Bathrooms: z.number().int().nullable(),
    Floor: z.number().int().nullable(),
    BuildingFloors: z.number().int().nullable(),
    HasLift: z.boolean().nullable(),
    ConditionId: z.number().int(),
    EnergyClassId: z.number().int().nullable(),
  })
  .meta({ id: 'ValuationSubject', description: 'The home valued, as it was sent.' });

export const ValuationComparable = z
  .object({
    Id: z.number().int().describe('The listing (/immobile/{Id})'),
    Status: z
      .enum(['published', 'sold'])
      .describe('Published now, or sold (its last asking price: no deed price is known)'),
    DistanceM: z.number().int().describe("Metres from the home to the listing's public position (rounded to 10 m)"),
    SurfaceM2: z.number().int(),
    Price: z.number().int().describe('Whole euros (monthly for a rent)'),
    PricePerSqm: z.number().describe('Price ÷ surface'),
    ConditionFactor: z.number().describe("Home's condition factor ÷ the listing's"),
    FloorFactor: z.number().describe("Home's floor-and-lift factor ÷ the listing's (flats only; 1 when unknown)"),
    EnergyFactor: z.number().describe("Home's energy-class factor ÷ the listing's (1 when either is unknown)"),
    Adjustment: z.number().describe('ConditionFactor × FloorFactor × EnergyFactor'),
    AdjustedPricePerSqm: z.number().describe('PricePerSqm × Adjustment: what the estimate is taken from'),
    Weight: z.number().describe('Distance factor × age factor, 0.25 to 1'),
    Outlier: z.boolean().describe('Left out of the estimate: its adjusted €/m² is far from the others'),
  })
  .meta({ id: 'ValuationComparable' });

export const ValuationEstimate = z
  .object({
    Low: z.number().int(),
    Point: z.number().int().describe('PricePerSqm × SurfaceM2, rounded (1,000 € for a sale, 10 € for a monthly rent)'),
    High: z.number().int(),
    PricePerSqm: z.number().describe('The weighted median of the AdjustedPricePerSqm of the comparables used'),
    PricePerSqmLow: z.number().describe('Weighted 25th percentile, widened to at least ±(4 % + 12 % ÷ √n)'),
    PricePerSqmHigh: z.number().describe('Weighted 75th percentile, widened likewise'),
    Confidence: z.enum(['high', 'medium', 'low']),
    Dispersion: z.number().describe('(75th − 25th percentile) ÷ median of the adjusted €/m²'),
    ComparableCount: z.number().int().describe('Comparables used (outliers not counted)'),
  })
  .meta({ id: 'ValuationEstimate' });

export const ValuationResponse = z
  .object({
    Id: z.number().int(),
    CreatedAt: z.iso.datetime(),
    Outcome: z.enum(['estimate', 'noComparables']).describe('noComparables: wizard step 40, no number is given'),
    NoComparablesReason: z
      .enum(['tooFew', 'outliers'])
      .nullable()
      .describe('tooFew: under 3 comparables within 10 km; outliers: under 3 once the outliers are out'),
    RadiusM: z.number().int().describe('The radius the comparables were taken from (500 m, 1, 2, 5 or 10 km)'),
    Estimate: ValuationEstimate.nullable(),
    Comparables: z
      .array(ValuationComparable)
      .describe('Every comparable looked at, nearest first, outliers included and marked'),
    Subject: ValuationSubject,
    MethodVersion: z.number().int(),
    Agency: z
      .object({ Id: z.number().int(), Slug: z.string(), Name: z.string() })
      .nullable()
      .describe('The agency the valuation was asked through (AgencySlug); null without one.'),
    MailSent: z
      .boolean()
      .describe(
        'The estimate was mailed to the account (a visitor who gave steps 0 and 1; at most 3 such mails a day to one address)',
      ),
  })
  .meta({
    id: 'Valuation',
    description: 'A valuation from comparable listings, every figure traceable to them (docs/valuation.md).',
  });

export const ValuationParams = z.object({ id: PathId });

export const ValuationListQuery = z.object({
  Before: queryInt(1, 2_147_483_647)
    .optional()
    .describe('Keyset: the valuations older than this id (NextBefore of the previous page)'),
});

export const ValuationSummary = z
  .object({
    Id: z.number().int(),
    CreatedAt: z.iso.datetime(),
    Address: z.string().nullable(),
    SellType: SellTypeValue,
    PropertyTypeId: z.number().int(),
    SurfaceM2: z.number().int(),
    Outcome: z.enum(['estimate', 'noComparables']),
    Low: z.number().int().nullable(),
    Point: z.number().int().nullable(),
    High: z.number().int().nullable(),
    PricePerSqm: z.number().nullable(),
  })
  .meta({ id: 'ValuationSummary' });

export const ValuationList = z
  .object({
    Items: z.array(ValuationSummary),
    NextBefore: z.number().int().nullable().describe('The next page: ?Before={NextBefore}; null at the end'),
  })
  .meta({ id: 'ValuationList' });
