import type { TFunction } from '@/shared/i18n';
import type { AgencyPage } from '../api/agency-page-api';

/** The longest meta description search engines show in full. */
const DESCRIPTION_MAX = 155;

const ratingFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** «4,8». */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}

/** Text cut at a word before `max` characters, with an ellipsis when cut. */
export function trimText(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** «Via Borsieri 18, 20159 Milano (MI)»; null when the agency has no address at all. */
export function addressLine(address: AgencyPage['Address']): string | null {
  const street = [address.Street, address.StreetNumber].filter(Boolean).join(' ');
  const town = [address.PostalCode, address.Town].filter(Boolean).join(' ');
  const place = address.Province ? `${town} (${address.Province})` : town;
  const line = [street, place].filter(Boolean).join(', ');
  return line || null;
}

export function agencyMetaTitle(agency: AgencyPage, t: TFunction): string {
  return agency.Address.Town
    ? t('meta.title', { name: agency.Name, town: agency.Address.Town })
    : t('meta.titleNoTown', { name: agency.Name });
}

export function agencyMetaDescription(agency: AgencyPage, t: TFunction): string {
  if (agency.Description?.trim()) return trimText(agency.Description);
  return trimText(
    agency.Address.Town
      ? t('meta.description', { name: agency.Name, town: agency.Address.Town })
      : t('meta.descriptionNoTown', { name: agency.Name }),
  );
}

const absolute = (url: string, origin: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The schema.org RealEstateAgent of the page. No telephone: the phone is revealed on request
 * and counted, so it is never in the HTML.
 */
export function agencyJsonLd(agency: AgencyPage, origin: string): Record<string, unknown> {
  const { Address: address } = agency;
  const street = [address.Street, address.StreetNumber].filter(Boolean).join(' ');
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: agency.Name,
    url: `${origin}/agenzie/${agency.Slug}`,
  };
  if (agency.LogoUrl) {
    data.logo = absolute(agency.LogoUrl, origin);
    data.image = data.logo;
  }
  if (agency.Description) data.description = agency.Description;
  if (street || address.Town) {
    data.address = {
      '@type': 'PostalAddress',
      ...(street ? { streetAddress: street } : {}),
      ...(address.PostalCode ? { postalCode: address.PostalCode } : {}),
      ...(address.Town ? { addressLocality: address.Town } : {}),
      ...(address.Province ? { addressRegion: address.Province } : {}),
      addressCountry: 'IT',
    };
  }
  if (address.Latitude != null && address.Longitude != null) {
    data.geo = { '@type': 'GeoCoordinates', latitude: address.Latitude, longitude: address.Longitude };
  }
  if (agency.ReviewsCount > 0 && agency.Rating != null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: agency.Rating,
      reviewCount: agency.ReviewsCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}
