import type { SearchListing } from './search-listing';

/** A listing for tests and stories: a sale in Milan, every field set. */
export function makeSearchListing(overrides: Partial<SearchListing> = {}): SearchListing {
  return {
    Id: 101,
    Title: 'Trilocale in Via Solferino',
    SellType: 1,
    Price: 245000,
    PricePerM2: 2663,
    PreviousPrice: null,
    PriceReducedAt: null,
    SurfaceM2: 92,
    Rooms: 3,
    Bathrooms: 2,
    Floor: 2,
    PropertyTypeId: 1,
    PropertyTypeName: 'Appartamento',
    CityName: 'Milano',
    ProvinceCode: 'MI',
    DistrictName: 'Brera',
    Address: 'Via Solferino, 12',
    Latitude: 45.4769,
    Longitude: 9.1871,
    ImageUrl: '/media/101.jpg',
    ThumbnailUrl: '/media/101-t.jpg',
    PhotoCount: 8,
    EnergyClass: 'C',
    IsNewBuild: false,
    DevelopmentId: null,
    PublishedAt: '2026-11-01T10:00:00.000Z',
    AgencyName: 'Immobiliare Brera',
    Highlighted: false,
    ...overrides,
  };
}
