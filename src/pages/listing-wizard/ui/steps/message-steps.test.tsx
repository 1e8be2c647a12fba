import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import EndOfQuestionsStep from './end-of-questions-step';
import ExclusiveSuccessStep from './exclusive-success-step';
import NextStepsStep from './next-steps-step';
import PaymentSuccessStep from './payment-success-step';
import PublicationSuccessStep from './publication-success-step';
import { renderStep } from './step-test-utils';
import UpgradeSuccessStep from './upgrade-success-step';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

let confirmed = false;
beforeEach(() => {
  fetchMock.mockReset();
  fakeApi(fetchMock, { 'GET /api/Account/Me': () => [200, { RegistrationConfirmed: confirmed }] });
});

describe('the steps that only show something', () => {
  it('goes on from each with a null answer', async () => {
    const cases = [
      [EndOfQuestionsStep, 'endOfQuestions', 'Hai risposto a tutte le domande', 'Vai al riepilogo'],
      [PaymentSuccessStep, 'paymentSuccess', 'Pagamento riuscito', 'Continua'],
      [UpgradeSuccessStep, 'upgradeSuccess', 'Il servizio è attivo', 'Continua'],
      [ExclusiveSuccessStep, 'exclusiveSuccess', 'Richiesta inviata', 'Vai a «I miei annunci»'],
    ] as const;
    for (const [View, step, title, button] of cases) {
      document.body.innerHTML = '';
      const { onAnswer } = await renderStep(View as never, step);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(onAnswer).toHaveBeenCalledWith(null);
    }
  });

  it("publication success (22) links to the listing's public page", async () => {
    const { onAnswer } = await renderStep(PublicationSuccessStep, 'publicationSuccess', { listingId: 41 });
    expect(screen.getByRole('heading', { level: 1, name: 'Il tuo annuncio è online!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Vedi l'annuncio" }).getAttribute('href')).toBe('/immobile/41');
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });

  it('next steps (34) reminds an account made in the wizard to confirm its address', async () => {
    confirmed = false;
    await renderStep(NextStepsStep, 'nextSteps');
    expect(
      await screen.findByText('Ricordati di confermare la tua e-mail con il link che ti abbiamo mandato.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('next steps (34) says nothing of the address to a confirmed account, nor of photos to a listing at 100', async () => {
    confirmed = true;
    await renderStep(NextStepsStep, 'nextSteps', {
      extras: { draft: { generatedTitle: null, qualityScore: 100, qualityNext: [], status: 2 } },
    });
    await screen.findByRole('heading', { level: 1, name: 'E adesso?' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Ricordati di confermare/)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
