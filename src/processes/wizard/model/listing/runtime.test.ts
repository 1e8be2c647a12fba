import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api';
import { leaveListingCarry } from '@/shared/lib/listing-carry';
import { ANSWERS, answersBefore, PLANS, SALE_ORDER } from '../../../../../machines/testing/wizard-fixtures';
import { createListingWizardRuntime, type ListingWizardEffects, type ListingWizardRuntime } from './runtime';
import { startListingWizard } from './start';
import { createWizardStore } from './wizard-store';
import type { ListingDraft } from './calls';

// The listing wizard's process against a fake API: which calls each move makes, with what,
// and what the page is told when one fails.

type Handler = (body: unknown, request: Request) => [number, unknown];

function fakeServer(routes: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown; headers: Headers }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ key, body, headers: request.headers });
    const handler = routes[key];
    const [status, json] = handler
      ? handler(body, request)
      : [404, { ExceptionType: 4, ExceptionTypeString: 'NotFound' }];
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  const client = createApiClient({ baseUrl: 'http://rexer.test', fetch: fetch as unknown as typeof globalThis.fetch });
  return { client, calls, sent: (key: string) => calls.filter((call) => call.key === key) };
}

function draft(overrides: Partial<ListingDraft> = {}): ListingDraft {
  return {
    Id: 41,
    Status: 1,
    Flow: 'sale',
    SellType: 1,
    Account: 'silent',
    Answers: {},
    WizardPage: { CurrentStep: 2, LastDevice: 'mobile' },
    WizardHistory: [],
    ResumeStep: 2,
    FirstIncompleteStep: 2,
    ExpectedPath: [],
    ReadyToPublish: false,
    GeneratedTitle: null,
    Quality: { Score: 0, Next: [] },
    Order: null,
    OrderPaid: false,
    UpdatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ListingDraft;
}

const error = (status: number, type: string, code = 1): [number, unknown] => [
  status,
  { ExceptionType: code, ExceptionTypeString: type },
];

function effects() {
  return {
    registered: vi.fn<ListingWizardEffects['registered']>(async () => undefined),
    goToPayment: vi.fn<ListingWizardEffects['goToPayment']>(),
  };
}

/** Waits until the wizard shows a step again (or ends) after a call. */
async function settled(runtime: ListingWizardRuntime) {
  for (let i = 0; i < 100; i++) {
    const view = runtime.view();
    if ((!view.busy && view.stage !== 'ordering') || view.end) return view;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('the wizard stayed busy');
}

beforeEach(() => sessionStorage.clear());

describe('the inspector', () => {
  it("creates the wizard's actor with the inspect options it is given (`?inspect`)", () => {
    const inspect = vi.fn();
    const runtime = createListingWizardRuntime({ flow: 'sale', account: 'anonymous', device: 'mobile' }, effects(), {
      client: fakeServer({}).client,
      inspect,
    });
    expect(inspect).toHaveBeenCalledWith(expect.objectContaining({ type: '@xstate.actor', actorRef: runtime.actor }));
    runtime.stop();
  });
});

describe('an anonymous seller', () => {
  it('keeps the personal data on this tab, registers the silent account at step 1 with the captcha, then saves every answer on the new draft', async () => {
    const server = fakeServer({
      'POST /api/Account/Register': () => [200, { Email: ANSWERS.email.email }],
      'POST /api/Property/Draft': () => [201, draft()],
      'PUT /api/Property/41/Draft/Step/2': () => [
        200,
        draft({ GeneratedTitle: 'Casa in vendita in Via Paolo Sarpi, 12 a Milano' }),
      ],
    });
    const fx = effects();
    const runtime = createListingWizardRuntime({ flow: 'sale', account: 'anonymous', device: 'mobile' }, fx, {
      client: server.client,
    });
    expect(runtime.view().step).toBe('personalData');

    runtime.answer('personalData', ANSWERS.personalData);
    expect((await settled(runtime)).step).toBe('email');
    expect(server.calls).toEqual([]);
    expect(createWizardStore().personalData()).toEqual(ANSWERS.personalData);

    runtime.answer('email', { email: ANSWERS.email.email, captchaToken: 'altcha-payload' });
    const atLocality = await settled(runtime);
    expect(atLocality.step).toBe('locality');
    expect(atLocality.listingId).toBe(41);
    expect(server.sent('POST /api/Account/Register')[0].body).toEqual({
      name: 'Giulia',
      surname: 'Bianchi',
      email: ANSWERS.email.email,
      phone: '+39 3331234567',
      TermsAndConditions: true,
      InfoPrivacy: true,
      commercialPartnerConsent: false,
      PartnerConsent: true,
      RecaptchaToken: 'altcha-payload',
    });
    expect(fx.registered).toHaveBeenCalledWith(ANSWERS.email.email);
    expect(server.sent('POST /api/Property/Draft')[0].body).toEqual({ SellType: 1, Device: 'mobile' });
    expect(atLocality.account).toBe('silent');
    // The personal data are the account's now: nothing is kept on the tab.
    expect(createWizardStore().personalData()).toBeUndefined();

    runtime.answer('locality', ANSWERS.locality);
    const atType = await settled(runtime);
    expect(atType.step).toBe('propertyType');
    expect(server.sent('PUT /api/Property/41/Draft/Step/2')[0].body).toEqual({
      Answer: ANSWERS.locality,
      CurrentStep: 3,
      History: [0, 1, 2],
      Device: 'mobile',
    });
    expect(atType.draft?.generatedTitle).toBe('Casa in vendita in Via Paolo Sarpi, 12 a Milano');
    // Progress counts the account's steps the path no longer has.
    expect(atType.path.slice(0, 4)).toEqual([0, 1, 2, 3]);
    runtime.stop();
  });

  it('resumes at the e-mail after a reload, with the personal data kept on this tab', () => {
    createWizardStore().savePersonalData(ANSWERS.personalData);
    const runtime = createListingWizardRuntime({ flow: 'rent', account: 'anonymous', device: 'desktop' }, effects(), {
      client: fakeServer({}).client,
    });
    expect(runtime.view().step).toBe('email');
    expect(runtime.view().answers.personalData).toEqual(ANSWERS.personalData);
    runtime.stop();
  });

  it('stays on the e-mail and says why when the address has an account already', async () => {
    createWizardStore().savePersonalData(ANSWERS.personalData);
    const server = fakeServer({ 'POST /api/Account/Register': () => error(400, 'MailAlreadyRegistered', 45) });
    const runtime = createListingWizardRuntime({ flow: 'sale', account: 'anonymous', device: 'mobile' }, effects(), {
      client: server.client,
    });
    runtime.answer('email', { email: ANSWERS.email.email, captchaToken: 'off' });
    const view = await settled(runtime);
    expect(view.step).toBe('email');
    expect(view.error).toEqual({ kind: 'save', failure: 'emailRegistered' });
    expect(server.sent('POST /api/Property/Draft')).toHaveLength(0);
    runtime.stop();
  });
});

describe('a signed-in seller', () => {
  it('starts at the locality; the first answer creates the draft, and a refused save keeps the step with its reason', async () => {
    let refuse = true;
    const server = fakeServer({
      'POST /api/Property/Draft': () => [201, draft({ Id: 7, Account: 'loggedIn' })],
      'PUT /api/Property/7/Draft/Step/2': () =>
        refuse ? error(400, 'InvalidStepAnswer', 151) : [200, draft({ Id: 7 })],
    });
    const runtime = createListingWizardRuntime({ flow: 'sale', account: 'loggedIn', device: 'desktop' }, effects(), {
      client: server.client,
    });
    expect(runtime.view().step).toBe('locality');
    runtime.answer('locality', ANSWERS.locality);
    const refused = await settled(runtime);
    expect(refused).toMatchObject({ step: 'locality', error: { kind: 'save', failure: 'invalidAnswer' } });
    refuse = false;
    runtime.answer('locality', ANSWERS.locality);
    expect(await settled(runtime)).toMatchObject({ step: 'propertyType', listingId: 7 });
    // The draft made by the refused try is the one saved on: never a second one.
    expect(server.sent('POST /api/Property/Draft')).toHaveLength(1);
    runtime.stop();
  });

  it('keeps the title step with the contact detail the server found in it (a rule newer than this page)', async () => {
    const server = fakeServer({ 'PUT /api/Property/9/Draft/Step/16': () => error(400, 'ListingTextHasPhone', 159) });
    const runtime = createListingWizardRuntime(
      {
        flow: 'sale',
        account: 'loggedIn',
        device: 'mobile',
        draft: draft({
          Id: 9,
          Account: 'loggedIn',
          Answers: answersBefore(SALE_ORDER, 'title') as Record<string, unknown>,
          WizardPage: { CurrentStep: 16, LastDevice: 'mobile' },
        }),
      },
      effects(),
      { client: server.client },
    );
    expect(runtime.view().step).toBe('title');
    runtime.answer('title', { title: 'Trilocale luminoso in Sarpi' });
    expect(await settled(runtime)).toMatchObject({ step: 'title', error: { kind: 'save', failure: 'contactPhone' } });
    runtime.stop();
  });

  it('searches the comparables at 14 with the answers, and saves what it found', async () => {
    const answers = answersBefore(SALE_ORDER, 'split');
    const valuation = {
      Outcome: 'estimate',
      Estimate: { Low: 300_000, High: 340_000 },
      Comparables: [
        { Id: 101, Outlier: false },
        { Id: 102, Outlier: true },
        { Id: 103, Outlier: false },
      ],
    };
    const server = fakeServer({
      'POST /api/Valuation': () => [201, valuation],
      'PUT /api/Property/9/Draft/Step/12': () => [200, draft({ Id: 9 })],
      'PUT /api/Property/9/Draft/Step/14': () => [200, draft({ Id: 9 })],
    });
    const runtime = createListingWizardRuntime(
      {
        flow: 'sale',
        account: 'loggedIn',
        device: 'mobile',
        draft: draft({
          Id: 9,
          Account: 'loggedIn',
          Answers: answers as Record<string, unknown>,
          WizardHistory: [2, 3],
        }),
      },
      effects(),
      { client: server.client },
    );
    expect(runtime.view().step).toBe('split');
    runtime.answer('split', { priceFromMarket: true });
    const found = await settled(runtime);
    expect(found.step).toBe('comparables');
    expect(server.sent('POST /api/Valuation')[0].body).toMatchObject({
      SellType: 1,
      Latitude: ANSWERS.locality.latitude,
      Address: 'Via Paolo Sarpi, 12',
      PropertyTypeId: 1,
      SurfaceM2: 85,
      ConditionId: 3,
      EnergyClassId: 7,
      Floor: 3,
      HasLift: true,
    });
    expect(server.sent('PUT /api/Property/9/Draft/Step/14')[0].body).toMatchObject({
      Answer: { found: true, comparableIds: [101, 103], estimateMin: 300_000, estimateMax: 340_000 },
      CurrentStep: 13,
    });
    runtime.stop();
  });

  it('goes on to 40 when the search fails, saying the comparables could not be searched', async () => {
    const server = fakeServer({
      'POST /api/Valuation': () => error(503, 'ServiceUnavailable', 11),
      'PUT /api/Property/9/Draft/Step/12': () => [200, draft({ Id: 9 })],
      'PUT /api/Property/9/Draft/Step/14': () => [200, draft({ Id: 9 })],
    });
    const runtime = createListingWizardRuntime(
      {
        flow: 'sale',
        account: 'loggedIn',
        device: 'mobile',
        draft: draft({
          Id: 9,
          Account: 'loggedIn',
          Answers: answersBefore(SALE_ORDER, 'split') as Record<string, unknown>,
        }),
      },
      effects(),
      { client: server.client },
    );
    runtime.answer('split', { priceFromMarket: true });
    expect(await settled(runtime)).toMatchObject({ step: 'noComparables', error: { kind: 'comparables' } });
    expect(server.sent('PUT /api/Property/9/Draft/Step/14')[0].body).toMatchObject({
      Answer: { found: false, comparableIds: [] },
      CurrentStep: 40,
    });
    runtime.stop();
  });
});

describe('plans, payments and the publication', () => {
  const atLadder = (overrides: Partial<ListingDraft> = {}) =>
    draft({
      Id: 5,
      Account: 'loggedIn',
      Answers: answersBefore(SALE_ORDER, 'valueLadder') as Record<string, unknown>,
      WizardHistory: [18, 26, 27],
      ...overrides,
    });

  it('orders a paid plan once per purchase (the same key on a retry, a new one after a failed order) and sends the seller to pay', async () => {
    let status = 'failed';
    const server = fakeServer({
      'PUT /api/Property/5/Draft/Step/28': () => [200, atLadder()],
      'POST /api/Order': () => {
        const answer = {
          OrderId: status === 'failed' ? 70 : 71,
          Status: status,
          PaymentUrl: status === 'pending' ? '/pagamento/abc' : null,
          PaidAt: null,
        };
        status = 'pending';
        return [200, answer];
      },
    });
    const fx = effects();
    const runtime = createListingWizardRuntime(
      { flow: 'sale', account: 'loggedIn', device: 'mobile', draft: atLadder() },
      fx,
      { client: server.client },
    );
    runtime.answer('valueLadder', PLANS.flexible);
    await vi.waitFor(() => expect(fx.goToPayment).toHaveBeenCalledWith('/pagamento/abc'));
    const [first, second] = server.sent('POST /api/Order');
    expect(first.body).toEqual({ PropertyId: 5, PlanType: 2, ServiceProducts: [], Origin: 'wizard' });
    // The kept key answered a failed order: the new attempt has a key of its own.
    expect(first.headers.get('idempotency-key')).toMatch(/^wizard-/);
    expect(second.headers.get('idempotency-key')).not.toBe(first.headers.get('idempotency-key'));
    expect(runtime.view()).toMatchObject({
      stage: 'paying',
      redirecting: true,
      order: { id: '71', outcome: 'pending' },
    });
    // A reload asks the same purchase with the key kept on the tab.
    expect(createWizardStore().orderKey('5:flexible:')).toBe(second.headers.get('idempotency-key'));
    runtime.stop();
  });

  it('treats a listing its paid order already published as published', async () => {
    const server = fakeServer({
      'PUT /api/Property/5/Draft/Step/33': () => error(409, 'StepNotReachable', 150),
      'PUT /api/Property/5/Status': () => error(409, 'ListingStatusChangeRefused', 152),
      'GET /api/Property/5/Draft': () => [200, atLadder({ Status: 2 })],
      'PUT /api/Property/5/Draft/Step/22': () => [200, atLadder({ Status: 2 })],
      'GET /api/Order/80': () => [
        200,
        { OrderId: 80, Status: 'paid', PaymentUrl: null, PaidAt: '2026-01-01T10:00:00.000Z' },
      ],
      'GET /api/User/GetMyPropertyById/5': () => [200, { PublishedAt: '2026-01-01T10:00:00.000Z' }],
      'PUT /api/Property/5/Draft/Page': () => [
        200,
        atLadder({
          Status: 2,
          Order: { Id: 80, Status: 'paid' },
          OrderPaid: true,
          Answers: { ...answersBefore(SALE_ORDER, 'valueLadder'), valueLadder: PLANS.flexible } as Record<
            string,
            unknown
          >,
        }),
      ],
    });
    const outcome = await startListingWizard(
      { flow: 'sale', id: 5, gotostep: 33, orderId: '80' },
      { account: 'loggedIn', device: 'mobile' },
      effects(),
      { client: server.client },
    );
    if (outcome.kind !== 'ready') throw new Error(outcome.kind);
    const runtime = outcome.runtime;
    // Back from the payment: the payment's own step, not an upgrade's.
    expect((await settled(runtime)).step).toBe('paymentSuccess');
    runtime.answer('paymentSuccess', null);
    // 33 is not on the server's path of a published listing: the page is not recorded, the seller goes on.
    const published = await settled(runtime);
    expect(published.step).toBe('publicationSuccess');
    expect(published.error).toBeNull();
    // Read after the paid order, the draft says published: nothing is sent that the server would refuse (no 409 in the console).
    expect(server.sent('PUT /api/Property/5/Status')).toHaveLength(0);
    expect(server.sent('PUT /api/Property/5/Draft/Step/33')).toHaveLength(0);
    runtime.stop();
  });

  it('comes back to the ladder with the outcome of a refused payment', async () => {
    const server = fakeServer({
      'PUT /api/Property/5/Draft/Page': () => [
        200,
        atLadder({
          Order: { Id: 81, Status: 'failed' },
          Answers: { ...answersBefore(SALE_ORDER, 'valueLadder'), valueLadder: PLANS.flexible } as Record<
            string,
            unknown
          >,
        }),
      ],
      'GET /api/Order/81': () => [200, { OrderId: 81, Status: 'failed', PaymentUrl: null, PaidAt: null }],
    });
    const outcome = await startListingWizard(
      { flow: 'sale', id: 5, gotostep: 28, orderId: '81' },
      { account: 'loggedIn', device: 'mobile' },
      effects(),
      { client: server.client },
    );
    if (outcome.kind !== 'ready') throw new Error(outcome.kind);
    expect(await settled(outcome.runtime)).toMatchObject({
      step: 'valueLadder',
      order: { id: '81', outcome: 'failed' },
    });
    outcome.runtime.stop();
  });
});

describe('a valuation continued into a listing', () => {
  it("saves the valuation's answers into the new draft in the flow's order, and opens it at the first step left", async () => {
    const carried = answersBefore(SALE_ORDER, 'amenities', { personalData: undefined, email: undefined });
    leaveListingCarry({ flow: 'sale', answers: { ...carried, personalData: ANSWERS.personalData }, valuationId: 12 });
    const saved: Record<string, unknown> = {};
    const routes: Record<string, Handler> = { 'POST /api/Property/Draft': () => [201, draft({ Id: 60 })] };
    for (const step of [2, 3, 4, 5, 6, 7, 8, 9, 36, 10]) {
      routes[`PUT /api/Property/60/Draft/Step/${step}`] = (body) => {
        Object.assign(saved, { [String(step)]: (body as { Answer: unknown }).Answer });
        return [200, draft({ Id: 60, Answers: { ...carried } as Record<string, unknown> })];
      };
    }
    const server = fakeServer(routes);
    const outcome = await startListingWizard(
      { flow: 'sale', id: null, gotostep: null, orderId: null },
      { account: 'silent', device: 'mobile' },
      effects(),
      { client: server.client },
    );
    if (outcome.kind !== 'ready') throw new Error(outcome.kind);
    expect(server.calls.map((call) => call.key)).toEqual([
      'POST /api/Property/Draft',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 36, 10].map((step) => `PUT /api/Property/60/Draft/Step/${step}`),
    ]);
    expect(saved['5']).toEqual(ANSWERS.surface);
    expect(outcome.runtime.view()).toMatchObject({ step: 'amenities', listingId: 60 });
    outcome.runtime.stop();
    // Taken once: the next new listing starts empty.
    const again = await startListingWizard(
      { flow: 'sale', id: null, gotostep: null, orderId: null },
      { account: 'silent', device: 'mobile' },
      effects(),
      { client: server.client },
    );
    if (again.kind !== 'ready') throw new Error(again.kind);
    expect(again.runtime.view().step).toBe('locality');
    again.runtime.stop();
  });
});

describe('opening a draft by its URL', () => {
  it('resumes it where it stood on any device, asks the owner to log in, and tells a missing or other-flow draft apart', async () => {
    const server = fakeServer({
      'PUT /api/Property/41/Draft/Page': (body) => [
        200,
        draft({
          Answers: answersBefore(SALE_ORDER, 'energyClass') as Record<string, unknown>,
          WizardPage: { CurrentStep: 9, LastDevice: (body as { Device: 'desktop' }).Device },
        }),
      ],
      'PUT /api/Property/42/Draft/Page': () => error(404, 'ListingNotFound', 160),
      'PUT /api/Property/43/Draft/Page': () => [200, draft({ Id: 43, Flow: 'rent', SellType: 2 })],
    });
    const at = (id: number, account: 'anonymous' | 'silent' = 'silent') =>
      startListingWizard(
        { flow: 'sale', id, gotostep: null, orderId: null },
        { account, device: 'desktop' },
        effects(),
        { client: server.client },
      );
    const resumed = await at(41);
    if (resumed.kind !== 'ready') throw new Error(resumed.kind);
    expect(resumed.runtime.view()).toMatchObject({ step: 'energyClass', listingId: 41 });
    expect(server.sent('PUT /api/Property/41/Draft/Page')[0].body).toEqual({ Move: 'resume', Device: 'desktop' });
    resumed.runtime.stop();
    expect(await at(41, 'anonymous')).toEqual({ kind: 'needsLogin' });
    expect(await at(42)).toEqual({ kind: 'notFound' });
    expect(await at(43)).toEqual({ kind: 'otherFlow', flow: 'rent' });
  });

  it('follows a deep link only as far as the draft is complete', async () => {
    const server = fakeServer({
      'PUT /api/Property/41/Draft/Page': () => [
        200,
        draft({ Answers: answersBefore(SALE_ORDER, 'surface') as Record<string, unknown> }),
      ],
    });
    const outcome = await startListingWizard(
      { flow: 'sale', id: 41, gotostep: 27, orderId: null },
      { account: 'silent', device: 'desktop' },
      effects(),
      { client: server.client },
    );
    if (outcome.kind !== 'ready') throw new Error(outcome.kind);
    expect(outcome.runtime.view().step).toBe('surface');
    outcome.runtime.stop();
  });
});

describe('leaving', () => {
  it('asks first: a cancel comes back to the step, a confirmation ends the wizard saying how it was asked', () => {
    const runtime = createListingWizardRuntime({ flow: 'sale', account: 'loggedIn', device: 'mobile' }, effects(), {
      client: fakeServer({}).client,
    });
    expect(runtime.requestExit('navigation')).toBe(true);
    expect(runtime.view()).toMatchObject({ confirmingExit: true, step: null });
    runtime.cancelExit();
    expect(runtime.view()).toMatchObject({ confirmingExit: false, step: 'locality' });
    runtime.requestExit('button');
    runtime.confirmExit();
    expect(runtime.view()).toMatchObject({ end: 'exited', exitBy: 'button' });
    runtime.stop();
  });
});
