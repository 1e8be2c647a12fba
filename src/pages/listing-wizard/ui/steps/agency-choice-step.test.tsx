import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import type { DraftAgencies, DraftAgency } from '../../api/draft-agencies';
import AgencyChoiceStep from './agency-choice-step';
import { renderStep } from './step-test-utils';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const agency = (
  Id: number,
  Name: string,
  DistanceM: number,
  Rating: number | null,
  ReviewsCount: number,
): DraftAgency => ({
  Id,
  Name,
  Slug: Name.toLowerCase().replace(/\s+/g, '-'),
  CityName: 'Milano',
  ProvinceCode: 'MI',
  LogoUrl: null,
  DistanceM,
  Rating,
  ReviewsCount,
});
// Nearest first, as the server answers; Rexer proposes Isola Abitare (the server's rule).
const OFFER: DraftAgencies = {
  Items: [
    agency(1, 'Navigli Case', 800, 4.2, 1),
    agency(2, 'Isola Abitare', 2300, 4.8, 212),
    agency(3, 'Casa Nuova Milano', 12_400, null, 0),
  ],
  RadiusM: 30_000,
  ProposedId: 2,
};
const LOCALITY = {
  municipalityIstat: '015146',
  street: 'Via Paolo Sarpi',
  streetNumber: '12',
  latitude: 45.48,
  longitude: 9.17,
  showAddress: true,
};

let api: ReturnType<typeof fakeApi>;
const serve = (offer: DraftAgencies) => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, { 'GET /api/Property/41/Draft/Agencies': [200, offer] });
};
beforeEach(() => serve(OFFER));

const submit = () => fireEvent.click(screen.getByRole('button', { name: "Conferma l'agenzia" }));
const cardOf = (name: string) => screen.getByLabelText(new RegExp(name)).closest('li')!;

describe('agency choice (44)', () => {
  it("lists the partner agencies the server offers for the draft's home, each with its distance, rating and page", async () => {
    await renderStep(AgencyChoiceStep, 'agencyChoice', {
      listingId: 41,
      answers: { agencySplit: { choice: 'chooseAgency' }, locality: LOCALITY },
    });
    await screen.findByLabelText(/Isola Abitare/);
    expect(api.sent('GET /api/Property/41/Draft/Agencies')).toHaveLength(1);
    expect(
      screen.getAllByRole('listitem').map((item) => within(item).getByRole('radio').getAttribute('value')),
    ).toEqual(['1', '2', '3']);

    // Texts as testing-library normalizes them: the no-break space before a unit reads as a space.
    const isola = cardOf('Isola Abitare');
    expect(within(isola).getByText('Milano · a 2,3 km')).toBeTruthy();
    expect(within(isola).getByText(/4,8 su 5 · 212 recensioni/)).toBeTruthy();
    const page = within(isola).getByRole('link', { name: /Vedi l'agenzia/ });
    expect(page.getAttribute('href')).toBe('/agenzie/isola-abitare');
    // A new tab: the wizard stays where it is.
    expect(page.getAttribute('target')).toBe('_blank');
    expect(page.textContent).toContain('Isola Abitare (si apre in una nuova scheda)');

    const navigli = cardOf('Navigli Case');
    expect(within(navigli).getByText('Milano · a 800 m')).toBeTruthy();
    expect(within(navigli).getByText(/4,2 su 5 · 1 recensione$/)).toBeTruthy();

    const nuova = cardOf('Casa Nuova Milano');
    expect(within(nuova).getByText('Milano · a 12,4 km')).toBeTruthy();
    expect(within(nuova).getByText('Ancora nessuna recensione')).toBeTruthy();
    expect(within(nuova).queryByText(/su 5/)).toBeNull();
  });

  it('refuses no choice, and answers the agency picked', async () => {
    const { onAnswer } = await renderStep(AgencyChoiceStep, 'agencyChoice', {
      listingId: 41,
      answers: { agencySplit: { choice: 'chooseAgency' }, locality: LOCALITY },
    });
    await screen.findByLabelText(/Casa Nuova Milano/);
    expect(screen.getByRole('heading', { level: 1, name: 'Quale agenzia vuoi?' })).toBeTruthy();
    submit();
    expect(screen.getByText("Scegli un'agenzia per continuare.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(/Casa Nuova Milano/));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ agencyId: 3 });
  });

  it("shows Rexer's proposal to confirm, and lets the seller choose another", async () => {
    const { onAnswer } = await renderStep(AgencyChoiceStep, 'agencyChoice', {
      listingId: 41,
      answers: { agencySplit: { choice: 'letRexerChoose' }, locality: LOCALITY },
    });
    await waitFor(() => expect((screen.getByLabelText(/Isola Abitare/) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('heading', { level: 1, name: 'Ti proponiamo questa agenzia' })).toBeTruthy();
    expect(screen.queryByLabelText(/Navigli Case/)).toBeNull();
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ agencyId: 2 });
    fireEvent.click(screen.getByRole('button', { name: "Preferisco scegliere un'altra agenzia" }));
    fireEvent.click(screen.getByLabelText(/Navigli Case/));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ agencyId: 1 });
  });

  it('keeps no earlier pick the offer no longer holds, and says when no partner is near', async () => {
    const { onAnswer } = await renderStep(AgencyChoiceStep, 'agencyChoice', {
      listingId: 41,
      answer: { agencyId: 99 },
      answers: { agencySplit: { choice: 'chooseAgency' }, locality: LOCALITY },
    });
    await screen.findByLabelText(/Navigli Case/);
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    submit();
    expect(onAnswer).not.toHaveBeenCalled();

    cleanup();
    serve({ Items: [], RadiusM: null, ProposedId: null });
    await renderStep(AgencyChoiceStep, 'agencyChoice', {
      listingId: 41,
      answers: { agencySplit: { choice: 'letRexerChoose' }, locality: LOCALITY },
    });
    expect(await screen.findByText(/Non ci sono agenzie partner Rexer entro 120 km dalla tua casa/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Preferisco scegliere un'altra agenzia" })).toBeNull();
  });
});
