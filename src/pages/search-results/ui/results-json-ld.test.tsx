import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeSearchListing } from '@/entities/listing';
import { ResultsJsonLd } from './results-json-ld';

describe('ResultsJsonLd', () => {
  it('lists the results as a summary ItemList (each listing its page and title) beside the breadcrumb, with no listing in full', () => {
    const listings = [
      makeSearchListing({ Id: 7, Title: 'Bilocale in Via Tortona' }),
      makeSearchListing({ Id: 9, Title: 'Attico </script> in Piazza Duomo' }),
    ];
    const html = renderToStaticMarkup(
      <ResultsJsonLd
        listings={listings}
        origin="https://www.rexer.it/"
        name="2 case in vendita a Milano"
        breadcrumb={[{ name: 'Home', href: '/' }, { name: 'Milano' }]}
      />,
    );
    const json = html.replace(/^<script type="application\/ld\+json">/, '').replace(/<\/script>$/, '');
    expect(json).not.toContain('</script');
    const [list, breadcrumb] = JSON.parse(json) as [Record<string, unknown>, Record<string, unknown>];
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: '2 case in vendita a Milano',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://www.rexer.it/immobile/7', name: 'Bilocale in Via Tortona' },
        {
          '@type': 'ListItem',
          position: 2,
          url: 'https://www.rexer.it/immobile/9',
          name: 'Attico </script> in Piazza Duomo',
        },
      ],
    });
    expect(json).not.toContain('RealEstateListing');
    expect(breadcrumb).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://www.rexer.it/' },
        { position: 2, name: 'Milano' },
      ],
    });
  });
});
