import { formatPrice, formatSurface, type SearchListing } from '@/entities/listing';
import type { TFunction } from '@/shared/i18n';
import type { PropertyDetail } from '../api/property-api';

// The words a listing's page is described with: its kind ("Trilocale"), its place, its floor,
// its dates. Pure, so the server and the browser write the same text.

const APARTMENT_TYPE_ID = 1;

/** "Trilocale" for a flat of three rooms, the type's name otherwise ("Villa", "Attico"). */
export function listingKind(
  property: Pick<PropertyDetail, 'PropertyTypeId' | 'PropertyTypeName' | 'Rooms'>,
  t: TFunction,
): string {
  if (
    (property.PropertyTypeId === APARTMENT_TYPE_ID || property.PropertyTypeId === null) &&
    property.Rooms &&
    property.Rooms >= 1 &&
    property.Rooms <= 5
  ) {
    return t(`kind.rooms_${property.Rooms}`);
  }
  return property.PropertyTypeName ?? t('kind.home');
}

/** "Milano, Via Solferino 12" or "Milano, Brera" when the address is hidden. */
export function listingPlace(property: Pick<PropertyDetail, 'CityName' | 'Address' | 'District'>): string {
  return [property.CityName, property.Address ?? property.District].filter(Boolean).join(', ');
}

/** The page's title: "Trilocale in vendita a Milano, Via Solferino 12, 320.000 € - Rexer". */
export function propertyMetaTitle(property: PropertyDetail, t: TFunction): string {
  const vars = {
    kind: listingKind(property, t),
    deal: t(property.SellType === 2 ? 'meta.deal_rent' : 'meta.deal_sale'),
    place: listingPlace(property),
  };
  const price = formatPrice(property.Price, property.SellType);
  return price ? t('meta.title', { ...vars, price }) : t('meta.titleNoPrice', vars);
}

const DESCRIPTION_MAX = 158;

/** "Trilocale di 85 m² in vendita a Milano. " and the advertiser's text, cut at a word near 155 characters. */
export function propertyMetaDescription(property: PropertyDetail, t: TFunction): string {
  const lead = t('meta.description', {
    kind: listingKind(property, t),
    surface: formatSurface(property.SurfaceM2) ?? '',
    deal: t(property.SellType === 2 ? 'meta.deal_rent' : 'meta.deal_sale'),
    place: property.CityName ?? '',
  }).replace(' di  in ', ' in ');
  const text = `${lead} ${(property.Description ?? property.Title).replace(/\s+/g, ' ').trim()}`;
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > lead.length ? cut.slice(0, space) : cut}…`;
}

/** "3º di 5", "Piano terra", "Seminterrato". */
export function floorText(floor: number | null, buildingFloors: number | null, t: TFunction): string | null {
  if (floor === null) return null;
  const own =
    floor === 0 ? t('facts.floorGround') : floor < 0 ? t('facts.floorBasement') : t('facts.floorNumber', { floor });
  return buildingFloors && floor > 0 ? t('facts.floorOf', { floor: own, total: buildingFloors }) : own;
}

const DATE = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});

/** "12 marzo 2026"; the first of a month as Italian writes it, "1º febbraio 2027". */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return DATE.formatToParts(at)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1º' : part.value))
    .join('');
}

/** "−5,9%" / "+2,0%": a change from `from` to `to`. */
export function formatChange(from: number, to: number): string | null {
  if (!(from > 0)) return null;
  const percent = ((to - from) / from) * 100;
  const sign = percent < 0 ? '−' : percent > 0 ? '+' : '';
  return `${sign}${Math.abs(percent).toFixed(1).replace('.', ',')}%`;
}

/** The listing as the lists and the JSON-LD read it. */
export function toSearchListing(property: PropertyDetail): SearchListing {
  const cover = property.Photos[0];
  return {
    Id: property.Id,
    Title: property.Title,
    SellType: property.SellType,
    Price: property.Price,
    PricePerM2: property.PricePerM2,
    PreviousPrice: property.PreviousPrice,
    PriceReducedAt: property.PriceReducedAt,
    SurfaceM2: property.SurfaceM2,
    Rooms: property.Rooms,
    Bathrooms: property.Bathrooms,
    Floor: property.Floor,
    PropertyTypeId: property.PropertyTypeId,
    PropertyTypeName: property.PropertyTypeName,
    CityName: property.CityName,
    ProvinceCode: property.ProvinceCode,
    DistrictName: property.District,
    Address: property.Address,
    Latitude: property.Latitude,
    Longitude: property.Longitude,
    ImageUrl: cover?.Url ?? null,
    ThumbnailUrl: cover?.ThumbnailUrl ?? null,
    PhotoCount: property.Photos.length,
    EnergyClass: property.EnergyClass?.Code ?? null,
    IsNewBuild: property.IsNewBuild,
    DevelopmentId: property.Development?.Id ?? null,
    PublishedAt: property.PublishedAt,
    AgencyName: property.Advertiser.Kind === 'agency' ? property.Advertiser.Name : null,
    Highlighted: property.Highlighted,
  };
}
