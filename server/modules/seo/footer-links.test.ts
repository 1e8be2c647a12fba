import { describe, expect, it } from 'vitest';
import type { MunicipalityListingCount } from '../listing-stats/repository';
import { FOOTER_CITIES_PER_PROVINCE, FOOTER_PROVINCES, footerProvinces } from './footer-links';

/** A market of `provinces` provinces with `towns` towns each; province p's town t has (p+1)*(t+1) listings for sale. */
function market(provinces: number, towns: number): MunicipalityListingCount[] {
  const rows: MunicipalityListingCount[] = [];
  for (let p = 0; p < provinces; p++) {
    for (let t = 0; t < towns; t++) {
      rows.push({
        municipalityId: p * 1000 + t,
        istatCode: String(p * 1000 + t).padStart(6, '0'),
        name: `Comune ${p}-${t}`,
        slug: `comune-${p}-${t}`,
        latitude: null,
        longitude: null,
        provinceId: p,
        provinceCode: `P${p}`,
        provinceName: `Provincia ${p}`,
        provinceSlug: `provincia-${p}`,
        regionName: 'Regione',
        sale: (p + 1) * (t + 1),
        rent: t === 0 ? 1 : 0,
      });
    }
  }
  return rows;
}

describe('the footer links', () => {
  it('carry the same bounded set at a million listings as on a small market: the biggest provinces and their biggest towns', () => {
    // Every one of Italy's 107 provinces with 70 towns holding listings (the 1M synthetic set's shape).
    const sale = footerProvinces(market(107, 70), 1);
    expect(sale).toHaveLength(FOOTER_PROVINCES);
    expect(sale.map((p) => p.ProvinceCode).slice(0, 3)).toEqual(['P106', 'P105', 'P104']);
    for (const p of sale) {
      expect(p.Cities).toHaveLength(FOOTER_CITIES_PER_PROVINCE);
      // Its total counts every town, not only the ones shown.
      const index = Number(p.ProvinceCode.slice(1));
      expect(p.ListingCount).toBe(((index + 1) * 70 * 71) / 2);
      expect(p.Cities.map((c) => c.Name)).toEqual(
        [69, 68, 67].slice(0, FOOTER_CITIES_PER_PROVINCE).map((t) => `Comune ${index}-${t}`),
      );
      expect(p.Url).toBe(`/comprocasa/case/provincia-${index}/comuni`);
    }
    const links = sale.reduce((n, p) => n + 1 + p.Cities.length, 0);
    expect(links).toBeLessThanOrEqual(FOOTER_PROVINCES * (1 + FOOTER_CITIES_PER_PROVINCE));
  });

  it('leave out provinces and towns without listings of the kind, and list fewer when fewer have any', () => {
    const rent = footerProvinces(market(3, 5), 2);
    expect(rent.map((p) => p.ProvinceCode)).toEqual(['P0', 'P1', 'P2']);
    for (const p of rent) {
      expect(p.ListingCount).toBe(1);
      expect(p.Cities).toHaveLength(1);
      expect(p.Cities[0].Url).toMatch(/^\/affitto\/case\/provincia-\d\/comune-\d-0\/\d{6}$/);
    }
    expect(footerProvinces([], 1)).toEqual([]);
  });
});
