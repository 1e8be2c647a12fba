import { listingPath, SELL_TYPE, type SearchListing } from '../model/search-listing';

// schema.org data of a listing for the pages' JSON-LD: a RealEstateListing whose offer
// carries the price in euros. Rents are an offer with a monthly unit price.

export interface ListingJsonLd {
  '@context': 'https://schema.org';
  '@type': 'RealEstateListing';
  [key: string]: unknown;
}

/** The listing as schema.org `RealEstateListing` with an `Offer` (its own page's structured data). */
export function listingJsonLd(listing: SearchListing, siteOrigin: string): ListingJsonLd {
  const url = `${siteOrigin.replace(/\/+$/, '')}${listingPath(listing.Id)}`;
  const image = listing.ImageUrl ? absolute(listing.ImageUrl, siteOrigin) : undefined;
  const rent = listing.SellType === SELL_TYPE.RENT;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    priceCurrency: 'EUR',
    availability: 'https://schema.org/InStock',
    businessFunction: rent ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    url,
  };
  if (listing.Price !== null && listing.Price > 0) {
    offer.price = listing.Price;
    if (rent)
      offer.priceSpecification = {
        '@type': 'UnitPriceSpecification',
        price: listing.Price,
        priceCurrency: 'EUR',
        unitCode: 'MON',
      };
  }
  const address: Record<string, unknown> = { '@type': 'PostalAddress', addressCountry: 'IT' };
  if (listing.CityName) address.addressLocality = listing.CityName;
  if (listing.ProvinceCode) address.addressRegion = listing.ProvinceCode;
  if (listing.Address) address.streetAddress = listing.Address;
  const place: Record<string, unknown> = { '@type': 'Accommodation', address };
  if (listing.SurfaceM2) place.floorSize = { '@type': 'QuantitativeValue', value: listing.SurfaceM2, unitCode: 'MTK' };
  if (listing.Rooms) place.numberOfRooms = listing.Rooms;
  if (listing.Bathrooms) place.numberOfBathroomsTotal = listing.Bathrooms;
  if (listing.Latitude !== null && listing.Longitude !== null)
    place.geo = { '@type': 'GeoCoordinates', latitude: listing.Latitude, longitude: listing.Longitude };

  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.Title,
    url,
    ...(image ? { image } : {}),
    ...(listing.PublishedAt ? { datePosted: listing.PublishedAt } : {}),
    offers: offer,
    about: place,
  };
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}
