import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import AgencyChoiceStep, { proposedAgency } from './agency-choice-step';
import { renderStep } from './step-test-utils';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const agency = (Id: number, Name: string, CityName: string, Partner: boolean) => ({
  Id,
  Name,
  Slug: Name.toLowerCase(),
  CityName,
  ProvinceCode: null,
  Address: null,
  Phone: null,
  Email: null,
  Description: null,
  LogoUrl: null,
  Partner,
});
const AGENCIES = [
  agency(1, 'Casa Roma Partner', 'Roma', true),
  agency(2, 'Milano Case Partner', 'Milano', true),
  agency(3, 'Immobiliare Duomo', 'Milano', false),
];
const LOCALITY = {
  municipalityIstat: '015146',
  street: 'Via Paolo Sarpi',
  streetNumber: '12',
  latitude: 45.48,
  longitude: 9.17,
  showAddress: true,
};

beforeEach(() => {
  fetchMock.mockReset();
  fakeApi(fetchMock, {
    'GET /api/Agency/List': [200, AGENCIES],
    'GET /api/Search/Listings': [200, { Items: [], Area: { Name: 'Milano', Center: null } }],
  });
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: "Conferma l'agenzia" }));

describe('agency choice (44)', () => {
  it("proposes a partner of the listing's town, else the first partner", () => {
    expect(proposedAgency(AGENCIES, 'Milano')?.Id).toBe(2);
    expect(proposedAgency(AGENCIES, 'Bari')?.Id).toBe(1);
    expect(
      proposedAgency(
        AGENCIES.filter((a) => !a.Partner),
        undefined,
      )?.Id,
    ).toBe(3);
  });

  it('lists the agencies when the seller chooses, and refuses no choice', async () => {
    const { onAnswer } = await renderStep(AgencyChoiceStep, 'agencyChoice', {
      answers: { agencySplit: { choice: 'chooseAgency' }, locality: LOCALITY },
    });
    expect(await screen.findByLabelText(/Immobiliare Duomo/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Quale agenzia vuoi?' })).toBeTruthy();
    submit();
    expect(screen.getByText("Scegli un'agenzia per continuare.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Immobiliare Duomo/));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ agencyId: 3 });
  });

  it("shows Rexer's proposal to confirm, and lets the seller choose another", async () => {
    const { onAnswer } = await renderStep(AgencyChoiceStep, 'agencyChoice', {
      answers: { agencySplit: { choice: 'letRexerChoose' }, locality: LOCALITY },
    });
    await waitFor(() => expect((screen.getByLabelText(/Milano Case Partner/) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('heading', { level: 1, name: 'Ti proponiamo questa agenzia' })).toBeTruthy();
    expect(screen.queryByLabelText(/Casa Roma Partner/)).toBeNull();
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ agencyId: 2 });
    fireEvent.click(screen.getByRole('button', { name: "Preferisco scegliere un'altra agenzia" }));
    fireEvent.click(screen.getByLabelText(/Casa Roma Partner/));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ agencyId: 1 });
  });
});
