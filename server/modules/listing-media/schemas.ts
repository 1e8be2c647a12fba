import { z } from 'zod';
import { MEDIA_TYPE, UPLOAD_STATUS } from '../../db/reference-ids';
import { PathId } from '../shared/query';
import { LISTING_IMAGE_DIMS, LISTING_IMAGE_EXTS } from '../shared/media-url';

// The owner's side of a listing: its media (upload, order, cover, delete) and the draft as
// the wizard resumes it (GetMyPropertyById). `MyPropertyAnswers` is the wizard's answers as
// stored: a draft-saving call can take `.partial()` of it as its body.

export const ListingParams = z.object({ id: PathId.describe('Listing id (one of the caller’s own)') });
export const ListingMediaParams = z.object({
  id: PathId.describe('Listing id (one of the caller’s own)'),
  mediaId: PathId.describe('Media id of that listing'),
});

/** The media types an owner uploads to a listing (profile images and back-office files are not). */
export const UPLOADABLE_MEDIA_TYPES = [
  MEDIA_TYPE.property_image,
  MEDIA_TYPE.room_image,
  MEDIA_TYPE.floor_plan,
  MEDIA_TYPE.energy_certificate,
  MEDIA_TYPE.other,
  MEDIA_TYPE.floor_plan_image,
] as const;

export const MediaTypeValue = z
  .literal([...UPLOADABLE_MEDIA_TYPES])
  .describe('1 property image, 3 room image, 4 floor plan, 5 energy certificate, 6 other document, 8 floor plan image');

const UPLOAD_STATUS_CODES = Object.keys(UPLOAD_STATUS) as [
  keyof typeof UPLOAD_STATUS,
  ...(keyof typeof UPLOAD_STATUS)[],
];
const UPLOAD_STATUS_VALUES = Object.values(UPLOAD_STATUS) as [number, ...number[]];

export const MediaInfoItem = z
  .object({
    Id: z.number().int(),
    MediaType: z
      .number()
      .int()
      .describe('1 property image, 3 room image, 4 floor plan, 5 energy certificate, 6 other, 8 floor plan image'),
    Url: z
      .string()
      .describe(
        'For an uploaded image, a template: replace {dim} with one of Dims and {ext} with one of Exts (/media/media/listings/12/…-{dim}.{ext}); the template itself answers the BIG JPEG. A document’s or a demo photo’s URL is plain (Dims empty).',
      ),
    ThumbnailUrl: z.string().nullable().describe('The card-size JPEG (PING) of an image; null for a PDF.'),
    Dims: z
      .array(z.enum(LISTING_IMAGE_DIMS))
      .describe(
        'The sizes {dim} takes: PING (cards, at least 400×300), BIG (gallery, at least 1200×900), FULL (full screen, at most 2048 px).',
      ),
    Exts: z
      .array(z.enum(LISTING_IMAGE_EXTS))
      .describe('The formats {ext} takes, best first: avif, webp, jpg (the fallback every browser shows).'),
    ContentType: z.string().describe('image/jpeg for an image (its default rendition), application/pdf for a PDF.'),
    IsImage: z.boolean(),
    IsCover: z.boolean().describe('The listing’s first photo (property or room image): its cover.'),
    Position: z.number().int().describe('Display order within the listing, 0 first.'),
    Width: z.number().int().nullable().describe('Of the default rendition (BIG).'),
    Height: z.number().int().nullable(),
    SizeBytes: z.number().int().nullable(),
    RoomTypeId: z.number().int().nullable(),
    Caption: z.string().nullable(),
  })
  .meta({ id: 'MediaInfoItem', description: 'A file of the owner’s listing, in display order.' });

export type MediaInfoItemType = z.infer<typeof MediaInfoItem>;

export const MediaLimits = z
  .object({
    MaxImageBytes: z.number().int(),
    MaxPdfBytes: z.number().int(),
    MaxImagePixels: z.number().int(),
    MinPhotoLongSide: z.number().int(),
    MinPhotoShortSide: z.number().int(),
    MaxFilesPerRequest: z.number().int(),
    MaxPhotos: z.number().int().describe('Property and room images of one listing.'),
    MaxDocuments: z
      .number()
      .int()
      .describe('Floor plans, energy certificates, other documents and floor plan images of one listing.'),
  })
  .meta({ id: 'MediaLimits', description: 'The upload limits, so the page can refuse a file before sending it.' });

export const MediaUploadBody = z
  .object({
    MediaType: MediaTypeValue.describe(
      'Sent before the files. 1 property image, 3 room image, 4 floor plan, 5 energy certificate, 6 other document, 8 floor plan image',
    ),
    RoomTypeId: z
      .number()
      .int()
      .optional()
      .describe('Room images: the room shown (room types 1-58); sent before the files.'),
    Files: z
      .array(z.string().meta({ format: 'binary' }))
      .describe(
        'One to 10 files. Photos and floor plan images: JPEG, PNG, WebP or AVIF up to 15 MB and 50 megapixels. Floor plans, energy certificates, other documents: the same images or a PDF up to 10 MB.',
      ),
  })
  .meta({ id: 'MediaUploadBody' });

export const MediaUploadResult = z
  .object({
    Index: z.number().int().describe('The file’s position in the request, 0 first.'),
    FileName: z.string(),
    Status: z
      .literal(UPLOAD_STATUS_VALUES)
      .describe(
        'Upload status: 0 ok, 3 invalid type, 4 too large, 5 too small, 6 corrupted, 7 duplicate, 8 limit reached, 9 rejected (empty, or over the pixel budget: Reason budget), 10 storage error, 100 unexpected error. 1 pending and 2 processing are the page’s own, before the answer.',
      ),
    StatusCode: z.enum(UPLOAD_STATUS_CODES),
    Reason: z
      .enum([
        'type',
        'extension',
        'bytes',
        'pixels',
        'dimensions',
        'unreadable',
        'empty',
        'duplicate',
        'limit',
        'budget',
        'storage',
        'unexpected',
      ])
      .nullable()
      .describe(
        'Why it was refused: type (not an accepted format, by its content), extension (the name says another kind: a PDF named .jpg), bytes or pixels (too large), dimensions (too small), budget (the uploader’s pixels a minute are spent: send it again after RetryAfter seconds; not decoded) ...; null when uploaded.',
      ),
    Media: MediaInfoItem.nullable().describe('The stored file, when uploaded.'),
  })
  .meta({ id: 'MediaUploadResult' });

export const MediaUploadResponse = z
  .object({
    Outcome: z
      .enum(['ok', 'partial', 'ko'])
      .describe('The modal the page shows: ok (every file uploaded), partial (some refused), ko (none uploaded).'),
    Uploaded: z.number().int(),
    Refused: z.number().int(),
    Files: z.array(MediaUploadResult).describe('One result per file, in the order sent.'),
    MediaInfo: z.array(MediaInfoItem).describe('Every file of the listing after the upload, in display order.'),
    Limits: MediaLimits,
    RetryAfter: z
      .number()
      .int()
      .nullable()
      .describe(
        'When a file was refused with Reason budget: the seconds until the uploader’s pixel budget has room again (also the Retry-After header); null otherwise.',
      ),
  })
  .meta({ id: 'MediaUploadResponse' });

export const MediaListResponse = z.object({ MediaInfo: z.array(MediaInfoItem) }).meta({ id: 'MediaListResponse' });

export const MediaOrderRequest = z
  .object({
    MediaIds: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1)
      .max(200)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'ids must be distinct' })
      .describe(
        'Media ids of the listing in their new order; any not listed keep their order after these. The first photo is the cover.',
      ),
  })
  .meta({ id: 'MediaOrderRequest' });

const WizardDevice = z.enum(['desktop', 'tablet', 'mobile']);

export const WizardPageInfo = z
  .object({
    CurrentStep: z.number().int().describe('The wizard step (spec numbering 0-46).'),
    LastDevice: WizardDevice.nullable(),
  })
  .meta({ id: 'WizardPage' });

export const RoomCountAnswer = z
  .object({ RoomTypeId: z.number().int(), Count: z.number().int() })
  .meta({ id: 'RoomCountAnswer' });

/** The wizard's answers as stored in `properties`, `property_rooms` and `property_amenities`. */
export const MyPropertyAnswers = z
  .object({
    SellType: z.literal([1, 2]).nullable().describe('1 sale, 2 rent; null while a valuation has not chosen (step 37).'),
    PlanType: z
      .number()
      .int()
      .nullable()
      .describe('1 basic, 2 flexible, 3 exclusive, 4 exclusive with partner (step 28).'),
    AgencyId: z.number().int().nullable().describe('Exclusive plans: the agency of step 44 or 46.'),
    MunicipalityId: z.number().int().nullable().describe('Step 2.'),
    Address: z.string().nullable().describe('Step 2: the street.'),
    StreetNumber: z.string().nullable(),
    PostalCode: z.string().nullable(),
    Latitude: z.number().nullable().describe('The exact pin (the owner’s own listing: never rounded).'),
    Longitude: z.number().nullable(),
    ShowAddress: z.boolean(),
    PropertyType: z.number().int().nullable().describe('Step 3 (11 is the generic Immobile).'),
    PublicationPropertyType: z.number().int().nullable().describe('Step 25.'),
    SpecialDescription: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .nullable()
      .describe('Step 4: type-specific answers.'),
    SurfaceM2: z.number().int().nullable().describe('Step 5.'),
    Rooms: z.number().int().nullable().describe('Step 6: rooms (locali) as advertised.'),
    Bathrooms: z.number().int().nullable(),
    RoomList: z.array(RoomCountAnswer).describe('Step 6: how many rooms of each room type.'),
    Floor: z.number().int().nullable().describe('Step 7: -1 basement, 0 ground floor ...'),
    BuildingFloors: z.number().int().nullable(),
    HasLift: z.boolean().nullable(),
    Condition: z.number().int().nullable().describe('Step 8: 1 new, 2 excellent, 3 good, 4 to renovate.'),
    RenovationYear: z.number().int().nullable(),
    BuildYear: z.number().int().nullable(),
    EnergyClass: z.number().int().nullable().describe('Step 9: 1 A4 ... 10 G, 11 exempt, 12 pending.'),
    EnergyPerformance: z.number().nullable(),
    HeatingType: z.number().int().nullable().describe('Step 36.'),
    CondoFees: z.number().int().nullable().describe('Step 10: monthly, euros.'),
    Amenities: z.array(z.number().int()).describe('Step 23: amenity ids.'),
    Occupancy: z.number().int().nullable().describe('Step 24: 1 free, 2 owner-occupied, 3 let.'),
    AvailableFrom: z.iso.date().nullable().describe('Rent, step 39.'),
    Furnishing: z.number().int().nullable().describe('Rent, step 41.'),
    SecurityDeposit: z.number().int().nullable().describe('Rent, step 42: euros.'),
    PriceFromMarket: z.boolean().nullable().describe('Step 12: the seller chose to see the market first.'),
    EstimateMin: z.number().int().nullable().describe('Step 38.'),
    EstimateMax: z.number().int().nullable(),
    Price: z.number().int().nullable().describe('Step 15: euros; monthly for rent.'),
    Title: z.string().nullable().describe('Step 16.'),
    Description: z.string().nullable().describe('Step 17.'),
  })
  .meta({ id: 'MyPropertyAnswers' });

export const MyProperty = MyPropertyAnswers.extend({
  Id: z.number().int(),
  Status: z.literal([1, 2, 3, 4]).describe('1 incomplete (a draft), 2 published, 3 suspended, 4 sold'),
  Origin: z.enum(['listing', 'valuation']),
  City: z.string().nullable().describe('The municipality’s name.'),
  Istat: z.string().nullable(),
  ProvinceCode: z.string().nullable(),
  DevelopmentId: z.number().int().nullable(),
  WizardPage: WizardPageInfo.nullable().describe('Where the wizard stands: resumed on any device.'),
  WizardHistory: z.array(z.number().int()).describe('Steps in the order visited; Back pops it.'),
  MediaInfo: z.array(MediaInfoItem).describe('Every file of the listing in display order, with no null entry.'),
  MediaLimits,
  HighlightedUntil: z.iso
    .datetime()
    .nullable()
    .describe('The end of the first-row period (service product 1), when one was bought.'),
  PremiumUntil: z.iso
    .datetime()
    .nullable()
    .describe('The end of the Premium period (service product 8), when one was bought.'),
  CreatedAt: z.iso.datetime(),
  UpdatedAt: z.iso.datetime(),
  PublishedAt: z.iso.datetime().nullable(),
}).meta({
  id: 'MyProperty',
  description: 'The owner’s own listing in any status but deleted: every answer the wizard needs to resume.',
});

export type MyPropertyType = z.infer<typeof MyProperty>;
