import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import propertyTranslations from '../../../../locales/it/property.json';
import type { PropertyDetail } from '../api/property-api';
import { FeatureTable } from './property-details';

const i18n = await testI18n({ property: propertyTranslations });

const rent = {
  Id: 42,
  SellType: 2,
  PropertyTypeName: 'Appartamento',
  Condition: null,
  BuildYear: null,
  RenovationYear: null,
  HeatingType: null,
  CondoFees: null,
  Occupancy: null,
  AvailableFrom: null,
  Furnishing: { Id: 1, Name: 'Arredato' },
  SecurityDeposit: 2700,
  ContractTypeId: 2,
  PetsAllowed: true,
  RoomList: [],
  Amenities: [],
  Development: null,
  PublishedAt: '2026-11-01T10:00:00Z',
} as unknown as PropertyDetail;

async function rowOf(label: string): Promise<string | null> {
  const term = screen.queryByText(label, { selector: 'dt' });
  return term?.nextElementSibling?.textContent ?? null;
}

describe('FeatureTable of a rent', () => {
  it('says the furnishing, the lease and whether pets are welcome', async () => {
    await renderPage(() => <FeatureTable property={rent} now={Date.parse('2026-11-20T12:00:00Z')} />, { i18n });
    expect(await rowOf('Arredamento')).toBe('Arredato');
    expect(await rowOf('Contratto')).toBe('Canone concordato (3+2)');
    expect(await rowOf('Animali domestici')).toBe('Ammessi');
  });

  it('leaves out what the landlord did not say', async () => {
    await renderPage(
      () => (
        <FeatureTable
          property={{ ...rent, ContractTypeId: null, PetsAllowed: null }}
          now={Date.parse('2026-11-20T12:00:00Z')}
        />
      ),
      { i18n },
    );
    expect(await rowOf('Contratto')).toBeNull();
    expect(await rowOf('Animali domestici')).toBeNull();
  });
});
