import { expect, test } from './fixtures';

// A listing's page gives the energy class and its index in one line, as Italian law asks of
// every ad, and shows its photos whole (contained on a neutral background, not cropped), on a
// phone and on a desktop.

const WIDTHS = [
  { device: 'phone', viewport: { width: 390, height: 844 } },
  { device: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { device, viewport } of WIDTHS) {
  test.describe(`a listing's energy index and photos on a ${device}`, () => {
    test.use({ viewport });

    test('says «Classe X · N kWh/m² anno» with the key figures and shows the photos whole', async ({
      page,
      request,
    }) => {
      // A published sale of the demo data with a rated class and its index.
      const search = await (
        await request.get('/api/Search/Listings?SellType=1&Limit=20', { headers: { Portal: '5' } })
      ).json();
      let listing: {
        Id: number;
        EnergyClass: { Code: string } | null;
        EnergyPerformance: number | null;
        Photos: unknown[];
      } | null = null;
      for (const item of search.Items as Array<{ Id: number }>) {
        const detail = await (await request.get(`/api/Property/${item.Id}`, { headers: { Portal: '5' } })).json();
        if (
          detail.EnergyPerformance !== null &&
          /^(A[1-4]|[B-G])$/.test(detail.EnergyClass?.Code ?? '') &&
          detail.Photos.length > 1
        ) {
          listing = detail;
          break;
        }
      }
      expect(listing, 'a demo listing with a class, an index and photos').not.toBeNull();
      const index = listing!.EnergyPerformance!.toLocaleString('it-IT', { maximumFractionDigits: 2 });

      await page.goto(`/immobile/${listing!.Id}`);
      const facts = page.getByRole('region', { name: 'Dati principali' });
      await expect(facts.getByTestId('energy-summary')).toHaveText(
        `Classe ${listing!.EnergyClass!.Code} · ${index} kWh/m² anno`,
      );
      await expect(page.getByText(`${index} kWh/m² anno`, { exact: true })).toBeVisible();

      const gallery = page.getByTestId('photo-gallery');
      const cover = gallery.getByRole('img').first();
      await expect(cover).toBeVisible();
      expect(await cover.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
      // The whole photo fits in its frame.
      const [frame, picture] = await Promise.all([
        cover.evaluate((img) => img.parentElement!.getBoundingClientRect().toJSON()),
        cover.boundingBox(),
      ]);
      expect(picture!.width).toBeLessThanOrEqual(frame.width + 1);
      expect(picture!.height).toBeLessThanOrEqual(frame.height + 1);

      // Full screen, whole as well.
      await gallery.getByRole('button', { name: 'Schermo intero' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('img')).toBeVisible();
      expect(await dialog.getByRole('img').evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
}
