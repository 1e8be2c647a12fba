import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WizardAnswers } from '@domain/wizard-steps';
import { fakeApi } from '@/shared/lib/test-utils';
import CharacteristicsSavedStep from './characteristics-saved-step';
import ComparablesStep from './comparables-step';
import EstimateStep from './estimate-step';
import LoaderStep, { PHASE_MS } from './loader-step';
import NoComparablesStep from './no-comparables-step';
import { renderStep } from './step-test-utils';

// The steps that show something (11, 14, 13, 40, 38): what they show, and that going on hands
// null (nothing to store) — the loader hands nothing at all.

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const comparable = (id: number, distance: number, outlier = false) => ({
  Id: id,
  Status: 'published',
  DistanceM: distance,
  SurfaceM2: 90,
  Price: 270000,
  PricePerSqm: 3000,
  ConditionFactor: 1,
  FloorFactor: 1,
  EnergyFactor: 1,
  Adjustment: 1,
  AdjustedPricePerSqm: 3000,
  Weight: 1,
  Outlier: outlier,
});
const VALUATION = {
  Id: 41,
  CreatedAt: '2025-05-01T10:00:00Z',
  Outcome: 'estimate',
  NoComparablesReason: null,
  RadiusM: 1000,
  Estimate: {
    Low: 250000,
    Point: 265000,
    High: 281000,
    PricePerSqm: 3020,
    PricePerSqmLow: 2900,
    PricePerSqmHigh: 3150,
    Confidence: 'medium',
    Dispersion: 0.12,
    ComparableCount: 2,
  },
  Comparables: [comparable(7, 320), comparable(9, 1600), comparable(12, 900, true)],
  Subject: { SellType: 1 },
  MethodVersion: 1,
  Agency: null,
  MailSent: true,
};
const FOUND: WizardAnswers = {
  loader: { found: true, comparableIds: [7, 9, 12], estimateMin: 250000, estimateMax: 281000 },
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, { 'GET /api/Valuation/41': [200, VALUATION] });
});
afterEach(() => vi.useRealTimers());

describe('CharacteristicsSavedStep (11)', () => {
  it('sums up the answers and goes on with nothing to store', async () => {
    const { onAnswer } = await renderStep(CharacteristicsSavedStep, 'characteristicsSaved', {
      answers: {
        propertyType: { propertyTypeId: 1 },
        surface: { surfaceM2: 1200 },
        floors: { floor: 0, buildingFloors: 3, hasLift: false },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Ottimo, abbiamo tutte le caratteristiche' })).toBeTruthy();
    expect(screen.getByText('Appartamento')).toBeTruthy();
    expect(screen.getByText('1.200 m²')).toBeTruthy();
    expect(screen.getByText('Piano terra')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });
});

describe('LoaderStep (14)', () => {
  it('shows the search going on, phase after phase, and answers nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { onAnswer } = await renderStep(LoaderStep, 'loader');
    expect(screen.getByRole('heading', { level: 1, name: 'Stiamo cercando le case simili alla tua' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Ricerca in corso');
    expect(screen.getByText('Cerchiamo gli annunci nella zona').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    await act(() => vi.advanceTimersByTimeAsync(PHASE_MS));
    expect(screen.getByText('Confrontiamo superficie, stato e piano').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    await act(() => vi.advanceTimersByTimeAsync(PHASE_MS));
    await act(() => vi.advanceTimersByTimeAsync(PHASE_MS));
    expect(screen.getByText('Calcoliamo la stima').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('button')).toBeNull();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('ComparablesStep (13)', () => {
  it('lists the stored valuation comparables, the outlier marked, with links to the listings', async () => {
    const { onAnswer } = await renderStep(ComparablesStep, 'comparables', { answers: FOUND, valuationId: 41 });
    expect(await screen.findAllByTestId('comparable')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Abbiamo trovato 2 case simili' })).toBeTruthy();
    expect(screen.getByText('A 320 m')).toBeTruthy();
    expect(screen.getByText('Esclusa dal calcolo')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Vedi l'annuncio a 320/ })[0].getAttribute('href')).toBe('/immobile/7');
    fireEvent.click(screen.getByRole('button', { name: 'Vedi la stima' }));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });

  it('counts the comparables of the answer when the valuation is not known', async () => {
    await renderStep(ComparablesStep, 'comparables', { answers: FOUND });
    expect(screen.getByRole('heading', { level: 1, name: 'Abbiamo trovato 3 case simili' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('NoComparablesStep (40)', () => {
  it('says why there is no estimate and goes on', async () => {
    const { onAnswer } = await renderStep(NoComparablesStep, 'noComparables');
    expect(screen.getByRole('heading', { level: 1, name: 'Non abbiamo trovato abbastanza case simili' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });
});

describe('EstimateStep (38)', () => {
  it('shows the range, the most likely value and how it was reached', async () => {
    const { onAnswer } = await renderStep(EstimateStep, 'estimate', { answers: FOUND, valuationId: 41 });
    expect(screen.getByRole('heading', { level: 1, name: 'La stima della tua casa' })).toBeTruthy();
    expect(screen.getByTestId('estimate').textContent).toContain('Tra 250.000\u00a0€ e 281.000\u00a0€');
    expect(await screen.findByText('Valore più probabile: 265.000 €')).toBeTruthy();
    // The price per square metre once, not "€/m² al metro quadro".
    expect(screen.getByText('Cioè 3.020 €/m²')).toBeTruthy();
    expect(screen.getByTestId('estimate').textContent).not.toContain('al metro quadro');
    expect(screen.getByText(/Affidabilità media\./).textContent).toContain(
      'Calcolata su 2 case simili entro 1\u00a0km.',
    );
    expect(screen.getByText('Ti abbiamo mandato la stima anche per e-mail.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });

  it('gives no number without comparables', async () => {
    await renderStep(EstimateStep, 'estimate', {
      answers: { loader: { found: false, comparableIds: [], estimateMin: null, estimateMax: null } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Non possiamo darti una stima' })).toBeTruthy();
    expect(screen.queryByTestId('estimate')).toBeNull();
  });
});
