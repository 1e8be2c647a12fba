import { listingPath, type SearchListing } from '@/entities/listing';

export interface BreadcrumbItem {
  name: string;
  /** Absent for the page itself. */
  href?: string;
}

/**
 * The page's structured data: the listings shown as a summary ItemList (each a ListItem with its
 * page's address and title: every listing's page carries its own RealEstateListing in full, and
 * twenty of them in full here were 16 KB of each results page), and the breadcrumb. A `application/ld+json` block is data, never run, so the CSP's script rules do
 * not apply to it; `<` is escaped so no text of a listing can close the element.
 */
export function ResultsJsonLd({
  listings,
  breadcrumb,
  origin,
  name,
}: {
  listings: SearchListing[];
  breadcrumb: BreadcrumbItem[];
  origin: string;
  name: string;
}) {
  const base = origin.replace(/\/+$/, '');
  const data = [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name,
      numberOfItems: listings.length,
      itemListElement: listings.map((listing, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `${base}${listingPath(listing.Id)}`,
        name: listing.Title,
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: breadcrumb.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.name,
        ...(item.href ? { item: `${base}${item.href}` } : {}),
      })),
    },
  ];
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
