import { describe, expect, it } from 'vitest';
import type { AgencyPage } from '../api/agency-page-api';
import { addressLine, agencyJsonLd, formatRating, trimText } from './agency-text';

const AGENCY: AgencyPage = {
  Id: 7,
  Slug: 'isola-abitare-milano',
  Name: 'Isola Abitare',
  LogoUrl: '/media/logo.png',
  Description: 'Bilocali e trilocali tra Isola e Garibaldi.',
  Address: {
    Street: 'Via Borsieri',
    StreetNumber: '18',
    PostalCode: '20159',
    Town: 'Milano',
    Province: 'MI',
    Latitude: 45.49,
    Longitude: 9.19,
  },
  IsPartner: true,
  Rating: null,
  ReviewsCount: 0,
  AcceptsMessages: true,
  PublishedListings: { Sale: 1, Rent: 0 },
  Search: { SearchType: 'agency', Agency: 7 },
};

describe('agency text', () => {
  it('cuts a long description at a word, under 155 characters, with an ellipsis', () => {
    const long = `${'Agenzia di quartiere specializzata in case e appartamenti. '.repeat(5)}`;
    const cut = trimText(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(trimText('  Breve   descrizione. ')).toBe('Breve descrizione.');
  });

  it('writes the rating and the address the Italian way', () => {
    expect(formatRating(4.8)).toBe('4,8');
    expect(formatRating(5)).toBe('5,0');
    expect(addressLine(AGENCY.Address)).toBe('Via Borsieri 18, 20159 Milano (MI)');
    expect(addressLine({ ...AGENCY.Address, Street: null, StreetNumber: null, PostalCode: null, Province: null })).toBe(
      'Milano',
    );
  });

  it('describes a RealEstateAgent without a phone, rated only when it has reviews', () => {
    const data = agencyJsonLd(AGENCY, 'https://www.rexer.test');
    expect(data).toMatchObject({
      '@type': 'RealEstateAgent',
      name: 'Isola Abitare',
      url: 'https://www.rexer.test/agenzie/isola-abitare-milano',
      logo: 'https://www.rexer.test/media/logo.png',
      address: { '@type': 'PostalAddress', streetAddress: 'Via Borsieri 18', postalCode: '20159' },
      geo: { '@type': 'GeoCoordinates', latitude: 45.49, longitude: 9.19 },
    });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('telephone');
    const rated = agencyJsonLd({ ...AGENCY, Rating: 4.6, ReviewsCount: 98 }, 'https://www.rexer.test');
    expect(rated.aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 98 });
  });
});
