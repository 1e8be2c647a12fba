import { z } from 'zod';
import { PathId, queryInt, SellTypeValue } from '../shared/query';
import { SearchListing } from '../shared/search-listing';

export const PropertyParams = z.object({ id: PathId.describe('Listing id') });

export const NewDevelopmentParams = z.object({ id: PathId.describe('New development id') });

export const SimilarQuery = z.object({
  Limit: queryInt(1, 24).default(6).describe('How many listings, 1-24 (default 6).'),
});

/** A row of a reference list: its id and Italian label. */
export const ReferenceItem = z
  .object({ Id: z.number().int(), Name: z.string() })
  .meta({ id: 'ReferenceItem', description: 'A row of a reference list: id and Italian label.' });

export const EnergyClassRef = z
  .object({
    Id: z.number().int().describe('1 A4 ... 10 G, 11 exempt, 12 pending'),
    Code: z.string().describe('A4 ... G'),
    Name: z.string(),
  })
  .meta({ id: 'EnergyClassRef' });

export const MediaItem = z
  .object({
    Url: z.string(),
    ThumbnailUrl: z.string().nullable(),
    Width: z.number().int().nullable(),
    Height: z.number().int().nullable(),
    Caption: z.string().nullable(),
  })
  .meta({ id: 'MediaItem', description: 'An image of a listing, in display order.' });

export const RoomCount = z
  .object({
    RoomTypeId: z.number().int(),
    Name: z.string(),
    PluralName: z.string().describe('The room type for a count above one, in Italian, lower case («balconi»).'),
    Count: z.number().int(),
  })
  .meta({ id: 'RoomCount' });

export const PriceHistoryPoint = z
  .object({
    Date: z.iso.datetime().describe('When the price was set.'),
    Price: z.number().int().describe('Euros; monthly for rent.'),
  })
  .meta({ id: 'PriceHistoryPoint' });

export const PropertyCity = z
  .object({
    Name: z.string(),
    Slug: z.string(),
    Istat: z.string().describe('Six-digit ISTAT code: 015146.'),
    ProvinceCode: z.string().describe('Province sigla: MI.'),
    ProvinceSlug: z.string(),
  })
  .meta({ id: 'PropertyCity' });

export const PropertyAdvertiser = z
  .object({
    Kind: z.enum(['agency', 'private']),
    Name: z.string().describe("The agency's name, or the private owner's first name."),
    AgencyId: z.number().int().nullable(),
    AgencySlug: z.string().nullable(),
    LogoUrl: z.string().nullable(),
    Phone: z.string().nullable().describe("The agency's phone; always null for a private owner."),
  })
  .meta({
    id: 'PropertyAdvertiser',
    description: 'Who advertises the listing. A private owner is named by first name only, never with contacts.',
  });

export const PropertyDetail = z
  .object({
    Id: z.number().int(),
    SellType: SellTypeValue,
    Status: z.literal([2, 3, 4]).describe('2 published, 3 suspended, 4 sold'),
    Title: z.string(),
    Description: z.string().nullable(),
    Price: z.number().int().nullable().describe('Euros; monthly for rent.'),
    PricePerM2: z.number().int().nullable().describe('Euros per square metre, rounded.'),
    PreviousPrice: z.number().int().nullable().describe('The price before the latest change.'),
    PriceReducedAt: z.iso
      .datetime()
      .nullable()
      .describe('When the price last changed, set only when that change was a reduction.'),
    PriceHistory: z.array(PriceHistoryPoint).describe('Every asking price, oldest first.'),
    PropertyTypeId: z.number().int().nullable(),
    PropertyTypeName: z.string().nullable(),
    SurfaceM2: z.number().int().nullable(),
    Rooms: z.number().int().nullable().describe('Number of rooms (locali) as advertised.'),
    Bathrooms: z.number().int().nullable(),
    Floor: z.number().int().nullable().describe('-1 basement, 0 ground floor, 1 first floor ...'),
    BuildingFloors: z.number().int().nullable(),
    HasLift: z.boolean().nullable(),
    Condition: ReferenceItem.nullable().describe('1 new, 2 excellent, 3 good, 4 to renovate'),
    BuildYear: z.number().int().nullable(),
    RenovationYear: z.number().int().nullable(),
    EnergyClass: EnergyClassRef.nullable(),
    EnergyPerformance: z.number().nullable().describe('Global energy performance index, kWh/m² per year.'),
    HeatingType: ReferenceItem.nullable(),
    CondoFees: z.number().int().nullable().describe('Monthly condominium fees in euros; 0 for none.'),
    Occupancy: ReferenceItem.nullable().describe('Sale: free, lived in by the owner, let.'),
    AvailableFrom: z.iso.date().nullable().describe('Rent: available from this day.'),
    Furnishing: ReferenceItem.nullable().describe('Rent: furnished, partly furnished ...'),
    SecurityDeposit: z.number().int().nullable().describe('Rent: security deposit in euros.'),
    ContractTypeId: z
      .number()
      .int()
      .nullable()
      .describe(
        'Rent: the lease offered (1 free rent 4+4, 2 agreed rent 3+2, 3 temporary, 4 students); null when not said.',
      ),
    PetsAllowed: z.boolean().nullable().describe('Rent: whether pets are welcome; null when not said.'),
    Amenities: z.array(ReferenceItem),
    RoomList: z.array(RoomCount).describe('The composition: how many rooms of each type.'),
    Photos: z.array(MediaItem).describe('Listing and room images; the first is the cover.'),
    FloorPlans: z.array(MediaItem),
    EnergyCertificates: z.array(MediaItem),
    City: PropertyCity.nullable(),
    CityName: z.string().nullable(),
    ProvinceCode: z.string().nullable(),
    District: z.string().nullable().describe('The district (quartiere) whose area holds the listing.'),
    Address: z.string().nullable().describe('Street and number; null when the advertiser hides the address.'),
    PostalCode: z.string().nullable(),
    Latitude: z.number().nullable().describe('Rounded to 3 decimals (~100 m) when the address is hidden.'),
    Longitude: z.number().nullable().describe('Rounded to 3 decimals (~100 m) when the address is hidden.'),
    IsNewBuild: z.boolean(),
    Development: ReferenceItem.nullable().describe(
      'The new development (/nuovecostruzioni/{Id}) this unit belongs to.',
    ),
    Advertiser: PropertyAdvertiser,
    Highlighted: z.boolean(),
    PublishedAt: z.iso.datetime().nullable(),
    UpdatedAt: z.iso.datetime(),
    FavoritesCount: z
      .number()
      .int()
      .describe(
        'How many people keep it among their favourites: confirmed accounts other than the owner (an anonymous visitor’s favourite counts once it moves to a confirmed account).',
      ),
  })
  .meta({ id: 'PropertyDetail', description: 'A published, suspended or sold listing as its public page shows it.' });

export type PropertyDetailType = z.infer<typeof PropertyDetail>;

export const SimilarListings = z.object({ Items: z.array(SearchListing) }).meta({ id: 'SimilarListings' });

export const NewDevelopmentDetail = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    BuilderName: z.string(),
    Description: z.string(),
    Completion: z.string().nullable().describe('Expected completion as the builder announces it: "Dicembre 2027".'),
    CityName: z.string(),
    ProvinceCode: z.string(),
    City: PropertyCity,
    Address: z.string().nullable(),
    Latitude: z.number(),
    Longitude: z.number(),
    EnergyClass: EnergyClassRef.nullable(),
    AgencyName: z.string().nullable().describe('The agency selling the units, if any.'),
    PriceFrom: z.number().int().nullable().describe('The lowest price of its published units.'),
    Photos: z.array(MediaItem).describe("Images of the development: its units' listing images."),
    Units: z.array(SearchListing).describe('Its published units, cheapest first.'),
  })
  .meta({ id: 'NewDevelopmentDetail' });

export type NewDevelopmentDetailType = z.infer<typeof NewDevelopmentDetail>;
