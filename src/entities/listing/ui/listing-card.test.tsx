import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import listingTranslations from '../../../../locales/it/listing.json';
import type { SearchListing } from '../model/search-listing';
import { makeSearchListing } from '../model/test-listing';
import { ListingCard } from './listing-card';

const i18n = await testI18n({ listing: listingTranslations });
const NOW = Date.parse('2026-11-20T12:00:00Z');

async function renderCard(
  overrides: Partial<SearchListing> = {},
  props: { priority?: boolean; action?: React.ReactNode } = {},
) {
  await renderPage(() => <ListingCard listing={makeSearchListing(overrides)} now={NOW} {...props} />, {
    i18n,
    otherRoutes: { '/immobile/$id': () => <p>scheda</p> },
  });
  return screen.getByRole('article');
}

describe('ListingCard', () => {
  it('shows price, €/m², surface, rooms, bathrooms, floor, place and agency, and links to the listing', async () => {
    const card = await renderCard();
    expect(within(card).getByText('245.000 €')).toBeTruthy();
    expect(within(card).getByText('2.663 €/m²')).toBeTruthy();
    expect(within(card).getByText('92 m²')).toBeTruthy();
    expect(within(card).getByText('3 locali')).toBeTruthy();
    expect(within(card).getByText('2 bagni')).toBeTruthy();
    expect(within(card).getByText('Piano 2')).toBeTruthy();
    expect(within(card).getByText('Via Solferino, 12, Brera, Milano (MI)')).toBeTruthy();
    expect(within(card).getByTestId('listing-publisher').textContent).toBe('Pubblicato da: Agenzia Immobiliare Brera');
    expect(within(card).getByRole('link', { name: 'Trilocale in Via Solferino' }).getAttribute('href')).toBe(
      '/immobile/101',
    );
  });

  it('says a private owner publishes the listing when no agency does', async () => {
    const card = await renderCard({ AgencyName: null });
    expect(within(card).getByTestId('listing-publisher').textContent).toBe('Pubblicato da: Privato');
    expect(within(card).queryByText('Agenzia')).toBeNull();
  });

  it('writes a rent per month and the ground floor in words', async () => {
    const card = await renderCard({ SellType: 2, Price: 1200, Floor: 0, Rooms: 1 });
    expect(within(card).getByText('1.200 €/mese')).toBeTruthy();
    expect(within(card).getByText('Piano terra')).toBeTruthy();
    expect(within(card).getByText('1 locale')).toBeTruthy();
  });

  it('marks a price cut of the last 30 days with the old price struck through', async () => {
    const card = await renderCard({ Price: 230000, PreviousPrice: 260000, PriceReducedAt: '2026-11-10T09:00:00Z' });
    expect(within(card).getByText('Prezzo ribassato')).toBeTruthy();
    expect(card.querySelector('s')?.textContent).toContain('260.000');
  });

  it('does not mark a price cut older than 30 days', async () => {
    const card = await renderCard({ Price: 230000, PreviousPrice: 260000, PriceReducedAt: '2026-09-01T09:00:00Z' });
    expect(within(card).queryByText('Prezzo ribassato')).toBeNull();
    expect(card.querySelector('s')).toBeNull();
  });

  it('badges a listing in evidence (a bought service)', async () => {
    const card = await renderCard({ Highlighted: true });
    expect(within(card).getByText('In evidenza')).toBeTruthy();
  });

  it('does not badge a listing that is not in evidence', async () => {
    const card = await renderCard({ Highlighted: false });
    expect(within(card).queryByText('In evidenza')).toBeNull();
  });

  it('badges a new build and says when the price is on request', async () => {
    const card = await renderCard({ IsNewBuild: true, Price: null, PricePerM2: null });
    expect(within(card).getByText('Nuova costruzione')).toBeTruthy();
    expect(within(card).getByText('Prezzo su richiesta')).toBeTruthy();
  });

  it('loads the cover lazily unless it is one of the first, with its size set', async () => {
    const lazy = await renderCard();
    const img = lazy.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('400');
    expect(img?.getAttribute('height')).toBe('300');
  });

  it('loads a priority cover at once and renders the action', async () => {
    const card = await renderCard({}, { priority: true, action: <button type="button">Salva</button> });
    expect(card.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(within(card).getByRole('button', { name: 'Salva' })).toBeTruthy();
  });
});
