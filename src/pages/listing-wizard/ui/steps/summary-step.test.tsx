import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WizardAnswers } from '@domain/wizard-steps';
import { fakeApi } from '@/shared/lib/test-utils';
import { renderStep } from './step-test-utils';
import SummaryStep from './summary-step';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

beforeEach(() => {
  fetchMock.mockReset();
  // The town of the locality, named by the search's town area.
  fakeApi(fetchMock, {
    'GET /api/Search/Listings': [
      200,
      { Items: [], Area: { Name: 'Milano', Center: { Latitude: 45.46, Longitude: 9.19 } } },
    ],
  });
});

const SALE: WizardAnswers = {
  locality: {
    municipalityIstat: '015146',
    street: 'Via Paolo Sarpi',
    streetNumber: '12',
    latitude: 45.48,
    longitude: 9.17,
    showAddress: false,
  },
  propertyType: { propertyTypeId: 1 },
  specialDescription: { propertyTypeId: 1, details: { outdoorM2: 8, cellar: true, note: null } },
  surface: { surfaceM2: 1250 },
  composition: { rooms: 3, bathrooms: 1, roomCounts: [] },
  floors: { floor: 0, buildingFloors: 5, hasLift: false },
  renovation: { conditionId: 2, buildYear: 1965, renovationYear: 2015 },
  energyClass: { energyClassId: 7, energyPerformance: 142.5 },
  heating: { heatingTypeId: 1 },
  condoFees: { condoFees: 0 },
  amenities: { amenityIds: [15, 17] },
  situation: { occupancyId: 1 },
  split: { priceFromMarket: true },
  price: { price: 329_000 },
  title: { title: 'Casa in vendita in Via Paolo Sarpi, 12 a Milano' },
  description: { description: 'Trilocale luminoso. '.repeat(20) },
  photos: { photoCount: 1 },
  documents: { floorPlanCount: 1, energyCertificateCount: 0, otherCount: 2 },
  publicationType: { publicationPropertyTypeId: 1 },
};

const row = (id: string) => screen.getByTestId(`summary-${id}`);

describe('summary (27)', () => {
  it('lists every answer in words, section by section', async () => {
    await renderStep(SummaryStep, 'summary', { answers: SALE });
    expect(screen.getByRole('heading', { level: 1, name: 'Controlla il tuo annuncio' })).toBeTruthy();
    for (const section of ['La casa', 'Caratteristiche', "L'annuncio"])
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Affitto' })).toBeNull();
    await waitFor(() =>
      expect(row('locality').textContent).toContain('Via Paolo Sarpi, 12 – Milano (indirizzo nascosto)'),
    );
    expect(row('specialDescription').textContent).toContain('2 dettagli indicati');
    expect(row('surface').textContent).toContain('1.250 m²');
    expect(row('composition').textContent).toContain('3 locali, 1 bagno');
    expect(row('floors').textContent).toContain('Piano terra di 5, senza ascensore');
    expect(row('renovation').textContent).toContain(
      'Ottimo o ristrutturato, costruita nel 1965, ristrutturata nel 2015',
    );
    expect(row('energyClass').textContent).toContain('D, 142,5 kWh/m² anno');
    expect(row('condoFees').textContent).toContain('Nessuna');
    expect(row('amenities').textContent).toContain('Ascensore, Balcone');
    expect(row('split').textContent).toContain('Dopo aver visto il mercato');
    expect(row('price').textContent).toContain('329.000 €');
    expect(row('description').textContent).toContain('luminoso.…');
    expect(row('photos').textContent).toContain('1 foto');
    expect(row('documents').textContent).toContain('Planimetrie: 1, certificazione energetica: 0, altri: 2');
  });

  it("lists the rent's own answers and the monthly rent", async () => {
    await renderStep(SummaryStep, 'summary', {
      flow: 'rent',
      answers: {
        ...SALE,
        split: undefined,
        availability: { availableFrom: '2001-01-01' },
        furnishing: { furnishingId: 1 },
        deposit: { securityDeposit: 3600 },
        price: { price: 1200 },
      },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Affitto' })).toBeTruthy();
    expect(screen.queryByTestId('summary-split')).toBeNull();
    expect(row('availability').textContent).toContain('Da subito');
    expect(row('deposit').textContent).toContain('3.600 €');
    expect(row('price').textContent).toContain('Canone mensile1.200 € al mese');
  });

  it('jumps to a step with «Modifica», and confirms with the answer of 27', async () => {
    const { onAnswer, extras } = await renderStep(SummaryStep, 'summary', { answers: SALE });
    fireEvent.click(within(row('surface')).getByRole('button', { name: 'Modifica: Superficie' }));
    expect(extras.goTo).toHaveBeenCalledWith(5);
    fireEvent.click(within(row('amenities')).getByRole('button', { name: 'Modifica: Dotazioni' }));
    expect(extras.goTo).toHaveBeenLastCalledWith(23);
    fireEvent.click(screen.getByRole('button', { name: 'Conferma e continua' }));
    expect(onAnswer).toHaveBeenCalledWith({ confirmed: true });
  });
});
