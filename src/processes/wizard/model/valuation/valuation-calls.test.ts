import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import type { WizardAnswers } from '@domain/wizard-steps';
import { newStoredValuation, type StoredValuation } from './stored-valuation';
import { RegistrationFailed, valuationCalls } from './valuation-calls';
import { marketResultOf, valuationRequestOf } from './valuation-request';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const LOCALITY = {
  municipalityIstat: '015146',
  street: 'Via Torino',
  streetNumber: '40',
  latitude: 45.46,
  longitude: 9.19,
  showAddress: false,
};
const PERSON = {
  name: 'Giulia',
  surname: 'Bianchi',
  phonePrefix: '+39',
  phone: '333 123 4567',
  termsAndConditions: true,
  privacy: true,
  commercialConsent: false,
  partnerConsent: true,
};
const HOME: WizardAnswers = {
  locality: LOCALITY,
  propertyType: { propertyTypeId: 1 },
  surface: { surfaceM2: 80 },
  composition: { rooms: 3, bathrooms: 1, roomCounts: [] },
  floors: { floor: 2, buildingFloors: 5, hasLift: true },
  renovation: { conditionId: 3, buildYear: null, renovationYear: null },
  energyClass: { energyClassId: 6, energyPerformance: null },
};
const VALUATION = {
  Id: 12,
  Outcome: 'estimate',
  Estimate: { Low: 250000, Point: 265000, High: 281000 },
  Comparables: [{ Id: 7 }, { Id: 9 }, { Id: 11 }],
};

let stored: StoredValuation;
const deps = () => ({
  read: () => stored,
  write: (next: StoredValuation) => {
    stored = next;
  },
  registered: vi.fn(async () => {}),
  ensureSession: vi.fn(async () => true),
  valued: vi.fn(),
});

beforeEach(() => {
  fetchMock.mockReset();
  stored = newStoredValuation(LOCALITY, { municipalityName: 'Milano', label: 'Via Torino 40, Milano' }, 5);
});

describe('the valuation request', () => {
  it('is made of the landing and steps 3, 5-9', () => {
    expect(valuationRequestOf(HOME, 'Via Torino 40, Milano')).toEqual({
      SellType: 1,
      Latitude: 45.46,
      Longitude: 9.19,
      Address: 'Via Torino 40, Milano',
      PropertyTypeId: 1,
      SurfaceM2: 80,
      Rooms: 3,
      Bathrooms: 1,
      Floor: 2,
      BuildingFloors: 5,
      HasLift: true,
      ConditionId: 3,
      EnergyClassId: 6,
    });
    expect(valuationRequestOf({ locality: LOCALITY }, 'x')).toBeNull();
  });

  it('answers step 14 with the range and the comparables the estimate used, or nothing found', () => {
    expect(marketResultOf(VALUATION as never)).toEqual({
      found: true,
      comparableIds: [7, 9, 11],
      estimateMin: 250000,
      estimateMax: 281000,
    });
    // An outlier is shown beside the others but left out of the estimate: not counted among the comparables.
    const withOutlier = { ...VALUATION, Comparables: [{ Id: 7 }, { Id: 8, Outlier: true }, { Id: 9 }] };
    expect(marketResultOf(withOutlier as never).comparableIds).toEqual([7, 9]);
    expect(marketResultOf({ ...VALUATION, Outcome: 'noComparables', Estimate: null } as never)).toEqual({
      found: false,
      comparableIds: [],
      estimateMin: null,
      estimateMax: null,
    });
  });
});

describe('valuationCalls', () => {
  it('keeps every answer in the tab with the page and the trail', async () => {
    const calls = valuationCalls(deps());
    const out = await calls.saveDraft({
      id: 5,
      flow: 'valuation',
      answered: { step: 'surface', answer: { surfaceM2: 80 } },
      page: { currentStep: 6, lastDevice: null },
      history: [3, 4, 5],
    });
    expect(out).toEqual({ id: 5 });
    expect(stored.answers.surface).toEqual({ surfaceM2: 80 });
    expect(stored.currentStep).toBe(6);
    expect(stored.history).toEqual([3, 4, 5]);
  });

  it("registers the silent account at step 1 with step 0's data and the captcha, never storing the token", async () => {
    const api = fakeApi(fetchMock, { 'POST /api/Account/Register': [200, { Email: 'giulia@esempio.it' }] });
    const d = deps();
    stored = { ...stored, answers: { ...stored.answers, personalData: PERSON } };
    await valuationCalls(d).saveDraft({
      id: 5,
      flow: 'valuation',
      answered: { step: 'email', answer: { email: 'giulia@esempio.it', captchaToken: 'tok' } },
      page: { currentStep: 14, lastDevice: null },
      history: [0],
    });
    expect(api.sent('POST /api/Account/Register')[0].body).toEqual({
      name: 'Giulia',
      surname: 'Bianchi',
      email: 'giulia@esempio.it',
      phone: '+39 3331234567',
      TermsAndConditions: true,
      InfoPrivacy: true,
      commercialPartnerConsent: false,
      PartnerConsent: true,
      RecaptchaToken: 'tok',
    });
    expect(d.registered).toHaveBeenCalledWith('giulia@esempio.it');
    expect(stored.answers.email).toEqual({ email: 'giulia@esempio.it' });
  });

  it('refuses step 1 when the address is known, saving nothing', async () => {
    fakeApi(fetchMock, {
      'POST /api/Account/Register': [400, { ExceptionType: 12, ExceptionTypeString: 'MailAlreadyRegistered' }],
    });
    stored = { ...stored, answers: { ...stored.answers, personalData: PERSON } };
    const failure = valuationCalls(deps()).saveDraft({
      id: 5,
      flow: 'valuation',
      answered: { step: 'email', answer: { email: 'a@b.it', captchaToken: 'tok' } },
      page: { currentStep: 14, lastDevice: null },
      history: [],
    });
    await expect(failure).rejects.toBeInstanceOf(RegistrationFailed);
    await expect(failure).rejects.toMatchObject({ outcome: { kind: 'alreadyRegistered', social: false } });
    expect(stored.answers.email).toBeUndefined();
  });

  it('values the home with POST /api/Valuation and keeps its id', async () => {
    const api = fakeApi(fetchMock, { 'POST /api/Valuation': [201, VALUATION] });
    const d = deps();
    stored = { ...stored, answers: HOME };
    const result = await valuationCalls(d).findComparables({ id: 5, flow: 'valuation', answers: HOME });
    expect(result.found).toBe(true);
    expect(d.ensureSession).toHaveBeenCalled();
    expect(api.sent('POST /api/Valuation')[0].body).toMatchObject({
      PropertyTypeId: 1,
      SurfaceM2: 80,
      Address: 'Via Torino 40, Milano',
    });
    expect(stored.valuationId).toBe(12);
    expect(d.valued).toHaveBeenCalledWith(VALUATION);
    // Not asked from an agency's page: no agency named.
    expect(api.sent('POST /api/Valuation')[0].body).not.toHaveProperty('AgencySlug');
  });

  it('names the agency whose page the valuation was asked from (/valutocasa?agenzia={slug})', async () => {
    const api = fakeApi(fetchMock, { 'POST /api/Valuation': [201, VALUATION] });
    stored = {
      ...newStoredValuation(LOCALITY, { municipalityName: 'Milano', label: 'Via Torino 40, Milano' }, 5, {
        slug: 'navigli-case-immobiliare-milano',
        name: 'Navigli Case Immobiliare',
      }),
      answers: HOME,
    };
    await valuationCalls(deps()).findComparables({ id: 5, flow: 'valuation', answers: HOME });
    expect(api.sent('POST /api/Valuation')[0].body).toMatchObject({
      SurfaceM2: 80,
      AgencySlug: 'navigli-case-immobiliare-milano',
    });
  });
});
