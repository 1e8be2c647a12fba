import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StepViewProps } from '@/features/wizard-step-views';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import common from '../../../../../locales/it/common.json';
import translations from '../../../../../locales/it/valuation-wizard.json';
import SaleOrRentStep from './sale-or-rent-step';
import ThankYouStep from './thank-you-step';

const i18n = await testI18n({ 'valuation-wizard': translations, common });

function props<K extends 'saleOrRent' | 'thankYou'>(step: K, more: Partial<StepViewProps<K>> = {}): StepViewProps<K> {
  return {
    step,
    flow: 'valuation',
    answer: undefined,
    answers: {},
    listingId: null,
    busy: false,
    error: null,
    onAnswer: vi.fn(),
    ...more,
  };
}

describe('SaleOrRentStep (37)', () => {
  it('asks what next and refuses no choice', async () => {
    const p = props('saleOrRent');
    await renderPage(() => <SaleOrRentStep {...p} />, { i18n });
    expect(screen.getByRole('heading', { level: 1, name: 'E adesso cosa vuoi fare?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(screen.getByText('Scegli cosa vuoi fare per continuare.')).toBeTruthy();
    expect(p.onAnswer).not.toHaveBeenCalled();
  });

  it('hands the choice over', async () => {
    const p = props('saleOrRent');
    await renderPage(() => <SaleOrRentStep {...p} />, { i18n });
    fireEvent.click(screen.getByRole('radio', { name: /Voglio affittarla/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(p.onAnswer).toHaveBeenCalledWith({ next: 'rent' });
  });
});

describe('ThankYouStep (29)', () => {
  it('thanks and links the valuation page', async () => {
    await renderPage(
      () => <ThankYouStep {...props('thankYou', { valuationId: 12, answers: { email: { email: 'a@b.it' } } })} />,
      {
        i18n,
        otherRoutes: { '/valutocasa/$id': () => null },
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Grazie, la valutazione è pronta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vedi la valutazione' }).getAttribute('href')).toBe('/valutocasa/12');
    expect(screen.getByText("Ti abbiamo mandato anche un'e-mail con la stima.")).toBeTruthy();
  });
});
