import { describe, expect, it } from 'vitest';
import { makeSearchListing } from '../model/test-listing';
import { listingJsonLd } from './json-ld';

describe('listingJsonLd', () => {
  it('describes a sale as a RealEstateListing with a euro offer at its absolute address', () => {
    const data = listingJsonLd(makeSearchListing(), 'https://www.rexer.it/');
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('RealEstateListing');
    expect(data.url).toBe('https://www.rexer.it/immobile/101');
    expect(data.image).toBe('https://www.rexer.it/media/101.jpg');
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: 245000,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(data.about).toMatchObject({
      floorSize: { value: 92, unitCode: 'MTK' },
      numberOfRooms: 3,
      address: { addressLocality: 'Milano', addressRegion: 'MI', streetAddress: 'Via Solferino, 12' },
    });
  });

  it('gives a rent a monthly unit price and leaves the price out when on request', () => {
    expect(listingJsonLd(makeSearchListing({ SellType: 2, Price: 1200 }), 'https://x.it').offers).toMatchObject({
      price: 1200,
      priceSpecification: { unitCode: 'MON' },
    });
    expect(listingJsonLd(makeSearchListing({ Price: null }), 'https://x.it').offers).not.toHaveProperty('price');
  });
});
