import { expect, test, type Page } from './fixtures';

// The profile as a person meets it: beside MyRexer's menu, with the account's address shown,
// browser controls that speak Italian, and optional addresses that ask for nothing until
// they are being filled.

async function logIn(page: Page) {
  await page.goto('/comprocasa');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill('acquirente@rexer.example');
  await dialog.getByLabel('Password', { exact: true }).fill('Rexer#Demo2025');
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
}

for (const width of [390, 1440]) {
  test(`the profile at ${width} px: MyRexer's menu, the e-mail, Italian controls, optional addresses`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page);
    await page.goto('/myrexer/profilo');
    const menu = page.getByTestId('myrexer-menu');
    await expect(menu).toBeVisible();
    await expect(menu.locator('[aria-current="page"]')).toHaveText('Profilo');
    await expect(menu.getByRole('link', { name: 'Preferiti' })).toBeVisible();
    await expect(page.getByTestId('profile-email')).toContainText('acquirente@rexer.example');

    // No browser date control (it shows mm/dd/yyyy in an English browser): gg/mm/aaaa as text.
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await expect(page.getByLabel('Data di nascita')).toHaveAttribute('placeholder', 'gg/mm/aaaa');

    // The file picker's visible text is ours; the browser's own button is transparent.
    const avatar = page.getByLabel('Scegli una foto');
    expect(await avatar.evaluate((input) => getComputedStyle(input).opacity)).toBe('0');
    await expect(page.getByText('Scegli un file')).toBeVisible();
    await expect(page.getByText('Nessuna foto scelta')).toBeVisible();
    await avatar.setInputFiles({
      name: 'ritratto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    await expect(page.getByText('ritratto.png')).toBeVisible();

    // Optional addresses: nothing is required while they are empty.
    const shipping = page.getByTestId('address-shipping');
    await expect(shipping).toContainText('(facoltativo)');
    await expect(shipping.getByText('(obbligatorio)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Salva gli indirizzi' })).toHaveCount(1);
  });
}

test('«Scarica i tuoi dati» saves a JSON file of the account, right after the login', async ({ page }) => {
  await logIn(page);
  await page.goto('/myrexer/profilo');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Scarica i tuoi dati' }) });
  await expect(section.getByText('Ricevi in un file JSON tutto ciò che Rexer conserva')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Scarica i tuoi dati' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rexer-dati-\d{4}-\d{2}-\d{2}\.json$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  expect(data.account.email).toBe('acquirente@rexer.example');
  expect(data.consents.length).toBeGreaterThan(0);
  await expect(section.getByRole('status')).toHaveText('Fatto: trovi il file tra i tuoi download.');
});
