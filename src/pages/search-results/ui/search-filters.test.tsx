import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchParams } from '@domain/search';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import searchTranslations from '../../../../locales/it/search.json';
import { SearchFilters } from './search-filters';

const i18n = await testI18n({ search: searchTranslations });

async function renderFilters(value: SearchParams) {
  const onChange = vi.fn<(next: SearchParams) => void>();
  await renderPage(() => <SearchFilters value={value} onChange={onChange} />, { i18n });
  return onChange;
}

const RENT: SearchParams = { SearchType: 'town', Town: '015146', SellType: 2, Sort: 'relevance' };

describe('SearchFilters', () => {
  it('groups the amenities under headings, each amenity once', async () => {
    await renderFilters({ ...RENT, SellType: 1 });
    const amenities = screen.getByTestId('amenity-filters');
    const labels = within(amenities)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.filter((text) => /Giardino/.test(text))).toEqual(['Giardino privato', 'Giardino condominiale']);
    expect(
      within(within(amenities).getByRole('group', { name: 'Parcheggio' }))
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Box auto', 'Posto auto']);
    for (const heading of ['Spazi esterni', 'Palazzo e servizi', 'Impianti'])
      expect(within(amenities).getByRole('group', { name: heading })).toBeTruthy();
  });

  it('offers the rent filters on a rent search only', async () => {
    await renderFilters({ ...RENT, SellType: 1 });
    expect(screen.queryByTestId('rent-filters')).toBeNull();
    expect(screen.queryByLabelText('Animali ammessi')).toBeNull();
  });

  it('sets furnishing, lease and pets on a rent search', async () => {
    const onChange = await renderFilters(RENT);
    const rent = screen.getByTestId('rent-filters');
    fireEvent.click(within(within(rent).getByRole('group', { name: 'Arredamento' })).getByLabelText('Arredato'));
    expect(onChange).toHaveBeenLastCalledWith({ ...RENT, Furnishing: [1] });
    fireEvent.click(
      within(within(rent).getByRole('group', { name: 'Tipo di contratto' })).getByLabelText('Canone concordato (3+2)'),
    );
    expect(onChange).toHaveBeenLastCalledWith({ ...RENT, Contracts: [2] });
    fireEvent.click(within(rent).getByLabelText('Animali ammessi'));
    expect(onChange).toHaveBeenLastCalledWith({ ...RENT, Pets: true });
    fireEvent.click(screen.getByLabelText('Solo privati'));
    expect(onChange).toHaveBeenLastCalledWith({ ...RENT, PrivateOnly: true });
  });

  it('clears the rent filters when the contract turns to a sale', async () => {
    const onChange = await renderFilters({ ...RENT, Furnishing: [1, 2], Contracts: [1], Pets: true, PriceMax: 900 });
    fireEvent.click(screen.getByRole('radio', { name: 'Vendita' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...RENT, SellType: 1 });
  });
});
