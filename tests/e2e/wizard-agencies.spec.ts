import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { ANSWERS, PLANS, SALE_ORDER } from '../../machines/testing/wizard-fixtures';
import { STEPS, stepNumberOf } from '@domain/wizard-steps';
import { expect, test, type Page } from './fixtures';

// Step 44 of the listing wizard (the exclusive mandate's agency): the partner agencies near the
// home (a draft of the demo seller in Via Paolo Sarpi, Milano), nearest first, each with its
// distance, rating and page; Rexer's proposal. And «Richiedi una valutazione» on an agency's
// page: the valuation asked through it. At a phone's and a desktop's width, with axe.

const DEMO_PASSWORD = 'Rexer#Demo2025';
const SELLER = 'venditore@rexer.example';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** A draft of the demo seller answered up to step 43 (the exclusive plan, the agency split), through the API. */
async function exclusiveDraft(request: APIRequestContext, split: 'chooseAgency' | 'letRexerChoose'): Promise<number> {
  const login = await request.post('/api/Account/Login', { data: { username: SELLER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const session = await request.post('/api/Account/Session', {
    data: { userToken: (await login.json()).UserToken, portal: 5 },
  });
  const headers = { authorization: `Bearer ${(await session.json()).Token}` };
  const draft = await request.post('/api/Property/Draft', { headers, data: { SellType: 1 } });
  expect(draft.status()).toBe(201);
  const id = (await draft.json()).Id as number;
  const save = async (step: number, Answer: unknown) => {
    const res = await request.put(`/api/Property/${id}/Draft/Step/${step}`, { headers, data: { Answer } });
    expect(res.status(), await res.text()).toBe(200);
  };
  for (const stepId of SALE_ORDER.filter((s) => s !== 'personalData' && s !== 'email' && s !== 'valueLadder')) {
    const kind = STEPS[stepId].kind;
    await save(
      stepNumberOf(stepId),
      kind === 'question' || kind === 'loader' ? (ANSWERS as Record<string, unknown>)[stepId] : null,
    );
  }
  await save(28, PLANS.exclusive);
  await save(43, { choice: split });
  return id;
}

async function logIn(page: Page) {
  await page.goto('/myrexer/annunci');
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill(SELLER);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [390, 1440]) {
  test(`step 44 at ${width} px: the partner agencies near the home, and Rexer's proposal`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const choose = await exclusiveDraft(request, 'chooseAgency');
    await logIn(page);
    await page.goto(`/annuncio/vendocasa/${choose}/44`);
    await expect(page.getByRole('heading', { level: 1, name: 'Quale agenzia vuoi?' })).toBeVisible();

    // Milano's two partners, nearest first (Isola is ~1.2 km from Via Paolo Sarpi, the Navigli ~3 km).
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('radio') });
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Isola Abitare');
    await expect(cards.nth(1)).toContainText('Navigli Case Immobiliare');
    for (const card of [cards.nth(0), cards.nth(1)]) {
      await expect(card).toContainText(/Milano · a \d+(,\d)?\u00a0(km|m)/);
      await expect(card).toContainText(/\d,\d su 5 · \d+ recension[ei]|Ancora nessuna recensione/);
    }
    const page44 = cards.nth(1).getByRole('link', { name: /Vedi l'agenzia/ });
    await expect(page44).toHaveAttribute('href', '/agenzie/navigli-case-immobiliare-milano');
    await expect(page44).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`step-44-choose-${width}.png`), fullPage: true });

    await page.getByLabel(/Navigli Case Immobiliare/).check();
    await page.getByRole('button', { name: "Conferma l'agenzia" }).click();
    await expect(page).toHaveURL(new RegExp(`/annuncio/vendocasa/${choose}/45$`));

    // Letting Rexer choose: one agency, proposed (the rule's cases are domain/listing/agency-offer.test.ts's),
    // and the others a click away.
    const rexer = await exclusiveDraft(request, 'letRexerChoose');
    await page.goto(`/annuncio/vendocasa/${rexer}/44`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ti proponiamo questa agenzia' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(1);
    await expect(page.getByRole('radio')).toBeChecked();
    await expect(page.getByRole('radio')).toHaveAccessibleName(/Isola Abitare|Navigli Case Immobiliare/);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`step-44-rexer-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: "Preferisco scegliere un'altra agenzia" }).click();
    await expect(page.getByRole('radio')).toHaveCount(2);
  });
}

test('«Richiedi una valutazione» on an agency page: the valuation is asked through the agency', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 900 });
  // A slug no agency has: the valuation is offered all the same, through no agency.
  await page.goto('/valutocasa?agenzia=agenzia-che-non-esiste');
  await expect(page.getByRole('heading', { level: 1, name: 'Quanto vale la tua casa?' })).toBeVisible();
  await expect(page.getByTestId('valuation-through')).toHaveCount(0);

  await page.goto('/agenzie/navigli-case-immobiliare-milano');
  await page.getByRole('link', { name: 'Richiedi una valutazione' }).click();
  await expect(page).toHaveURL(/\/valutocasa\?agenzia=navigli-case-immobiliare-milano$/);
  const through = page.getByTestId('valuation-through');
  await expect(through).toHaveText('Richiesta tramite Navigli Case Immobiliare');
  await expectAccessible(page);

  // The wizard says it under each step.
  await page.getByLabel('Comune').fill('Milan');
  await page
    .getByRole('option', { name: /^Milano/ })
    .first()
    .click();
  await page.getByLabel('Via o piazza').fill('Via Torino');
  await page.getByLabel('Numero civico').fill('40');
  await expect(page.getByText(/Il segnaposto è (al centro di|in Via Torino)/)).toBeVisible();
  await page.getByRole('button', { name: 'Inizia la valutazione' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Che tipo di immobile è?' })).toBeVisible();
  await expect(through).toHaveText('Richiesta tramite Navigli Case Immobiliare');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('valuation-through-390.png'), fullPage: true });
});
