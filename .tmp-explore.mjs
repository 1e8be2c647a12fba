import { chromium } from '@playwright/test';
import sharp from 'sharp';
const jpeg = (hue) => sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: hue, g: 120, b: 200 - hue / 2 } } }).jpeg().toBuffer();
const base = 'http://127.0.0.1:3531';
const W = Number(process.env.W ?? 390);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: W, height: 844 }, locale: 'it-IT' });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('response', (r) => { if (r.url().includes('/api/') && r.status() >= 400) console.log('API', r.status(), r.request().method(), r.url()); });
const h1 = async () => (await page.locator('h1').first().textContent({ timeout: 10000 }))?.trim();
const cont = async (name = 'Continua') => page.getByRole('button', { name, exact: true }).click();
const waitStep = async (prev) => { for (let i = 0; i < 60; i++) { const now = await page.locator('h1').first().textContent().catch(() => null); if (now && now.trim() !== prev) return now.trim(); await page.waitForTimeout(250); } return prev; };
await page.goto(base + (process.env.START ?? '/annuncio/vendocasa'));
let n = 0;
for (let guard = 0; guard < 45; guard++) {
  const title = await h1();
  console.log(String(n).padStart(2), title, '|', new URL(page.url()).pathname);
  await page.screenshot({ path: `/tmp/listing-shots/w${W}-${String(n).padStart(2, '0')}.png`, fullPage: false });
  n++;
  if (title === "Chi pubblica l'annuncio?") {
    await page.getByRole('textbox', { name: 'Nome obbligatorio', exact: true }).fill('Giulia');
    await page.getByRole('textbox', { name: 'Cognome obbligatorio' }).fill('Bianchi');
    await page.getByRole('textbox', { name: /^Telefono/ }).fill('333 123 4567');
    await page.getByLabel(/Accetto i/).check();
    await page.getByLabel(/Ho letto/).check();
    await cont();
  } else if (title === 'Qual è la tua e-mail?') {
    await page.getByRole('textbox', { name: /E-mail/ }).fill(`giulia.${Date.now()}@example.com`);
    await cont();
  } else if (title === "Dove si trova l'immobile?") {
    await page.getByRole('combobox').fill('Milano');
    await page.getByRole('option', { name: /^Milano/ }).first().click();
    await page.getByRole('textbox', { name: 'Via o piazza' }).fill('Via Paolo Sarpi');
    await page.getByRole('textbox', { name: 'Numero civico' }).fill('12');
    await page.getByRole('button', { name: /Apri la mappa|Indica/ }).click();
    await page.waitForTimeout(1500);
    await cont();
  } else if (title === "Che tipo di immobile è?") {
    await page.getByLabel('Appartamento', { exact: true }).check();
    await cont();
  } else if (title === 'Quanti metri quadri misura?') {
    await page.getByLabel(/Superficie/).fill('85');
    await cont();
  } else if (title === 'Quanti locali e bagni ha?') {
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Aggiungi: Locali' }).click();
    await page.getByRole('button', { name: 'Aggiungi: Bagni' }).click();
    await cont();
  } else if (title === 'A che piano si trova?') {
    await page.locator('select[name=floor]').selectOption({ label: '3° piano' });
    await page.getByLabel(/Piani dell'edificio/).fill('5');
    await page.getByRole('group', { name: "C'è l'ascensore?" }).getByLabel('Sì').check();
    await cont();
  } else if (title === 'In che stato è?') {
    await page.getByLabel(/Buono o abitabile/).check();
    await cont();
  } else if (title === 'Qual è la classe energetica?') {
    await page.getByLabel('D', { exact: true }).check();
    await cont();
  } else if (title === 'Che riscaldamento ha?') {
    await page.getByLabel('Autonomo').check();
    await cont();
  } else if (title === 'Quanto sono le spese condominiali?') {
    await page.getByLabel(/Spese condominiali al mese/).fill('120');
    await cont();
  } else if (title === "Cosa c'è in casa e nel palazzo?") {
    await page.getByLabel('Ascensore').check();
    await page.getByLabel('Balcone').check();
    await cont();
  } else if (title === 'La casa oggi è libera?') {
    await page.getByLabel('Libero').check();
    await cont();
  } else if (title === 'Stiamo cercando le case simili alla tua') {
    // The loader moves by itself.
  } else if (title === 'Da quando è disponibile?') {
    await page.getByLabel('Da una data').check();
    await page.screenshot({ path: `/tmp/listing-shots/w${W}-availability.png`, fullPage: false });
    await page.getByLabel(/Disponibile dal/).fill('2099-01-01');
    await cont();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/listing-shots/w${W}-availability-error.png`, fullPage: false });
    await page.getByLabel('Da subito').check();
    await cont();
  } else if (title === 'La casa è arredata?') {
    await page.getByLabel('Arredato', { exact: true }).check();
    await cont();
  } else if (title === 'Quanto chiedi di deposito cauzionale?') {
    await page.getByLabel(/Deposito cauzionale/).fill('3600');
    await cont();
  } else if (title === 'Come vuoi decidere il prezzo?') {
    await page.getByLabel(/Mostrami prima il mercato/).check();
    await cont();
  } else if (title === 'A che prezzo vuoi vendere?') {
    await page.getByLabel(/Prezzo di vendita/).fill('329000');
    await cont();
  } else if (title === 'Quanto chiedi di affitto al mese?') {
    await page.getByLabel(/Canone mensile/).fill('1200');
    await cont();
  } else if (title === "Che titolo vuoi dare all'annuncio?") {
    await cont();
  } else if (title === 'Descrivi la tua casa') {
    await page.getByLabel(/Descrizione/).fill('Trilocale luminoso al terzo piano con ascensore, vicino alla metropolitana, cucina abitabile e due camere.');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/listing-shots/w${W}-${String(n).padStart(2, '0')}-typed.png`, fullPage: false });
    await cont();
  } else if (title === "Aggiungi le foto dell'immobile") {
    await page.getByTestId('file-input-photo').setInputFiles([{ name: 'soggiorno.jpg', mimeType: 'image/jpeg', buffer: await jpeg(10) }, { name: 'cucina.jpg', mimeType: 'image/jpeg', buffer: await jpeg(90) }]);
    await page.getByText('2 foto caricate').waitFor({ timeout: 20000 });
    await page.screenshot({ path: `/tmp/listing-shots/w${W}-photos-up.png`, fullPage: false });
    await cont();
  } else if (title === 'Aggiungi la planimetria e i documenti') {
    await cont('Continua senza documenti').catch(() => cont());
  } else if (title === 'In quale categoria pubblichiamo l\'annuncio?') {
    await cont();
  } else if (title === 'Scegli la tua password') {
    await page.locator('input[name="new-password"]').fill('Girasoli.Rossi#Molo58');
    await page.locator('input[name="confirm-password"]').fill('Girasoli.Rossi#Molo58');
    await cont('Salva la password e pubblica');
  } else if (title === 'Come vuoi pubblicare il tuo annuncio?') {
    await page.locator('#plan-' + (process.env.PLAN ?? 'basic')).check({ force: true });
    await page.screenshot({ path: `/tmp/listing-shots/w${W}-ladder.png`, fullPage: false });
    await cont();
  } else if (title === "Come scegliamo l'agenzia?") {
    await page.getByLabel(/Sceglietela voi/).check();
    await cont();
  } else if (title === 'Ti proponiamo questa agenzia' || title === 'Quale agenzia vuoi?') {
    await cont("Conferma l'agenzia");
  } else if (title === "Ti mettiamo in contatto con l'agenzia partner") {
    await page.getByLabel(/Acconsento/).check();
    await cont('Invia la richiesta');
  } else if (title === 'Richiesta inviata') {
    await cont('Vai a «I miei annunci»');
    await page.waitForTimeout(2500);
    console.log('END', new URL(page.url()).pathname);
    break;
  } else if (title === 'Controlla il tuo annuncio') {
    await cont('Conferma e continua');
  } else if (title === 'E adesso?') {
    await cont('Vai a «I miei annunci»');
    await page.waitForTimeout(2500);
    console.log('END', new URL(page.url()).pathname);
    break;
  } else {
    const buttons = await page.getByRole('button').allTextContents();
    const primary = ['Continua', 'Vai al riepilogo', 'Conferma e continua', 'Vedi la stima'].find((b) => buttons.includes(b)) ?? buttons.find((b) => /^(Continua|Decidi|Imposta|Scegli il prezzo|Vai al prezzo)/.test(b));
    if (!primary) { console.log('stuck; buttons:', buttons); break; }
    await cont(primary);
  }
  const next = await waitStep(title);
  if (next === title) {
    const alerts = await page.locator('[role=alert], [id$=-error]').allTextContents();
    console.log('  did not move; messages:', alerts.filter(Boolean));
    await page.screenshot({ path: `/tmp/listing-shots/w${W}-stuck.png`, fullPage: false });
    break;
  }
}
await browser.close();
