import type { MunicipalityListingCount } from '../listing-stats/repository';
import type { SeoProvinceType } from './schemas';
import { municipalityUrl, provinceUrl } from './urls';

/**
 * What every page's footer carries, whatever the size of the market: the provinces with most
 * listings, and in each the towns with most. At a million listings every province and a
 * thousand towns have listings; listing them all made each page weigh half a megabyte and
 * gave a footer nobody reads. The full lists have their own pages: each province links its
 * municipalities (`…/comuni`), and the sitemap names every results page for crawlers.
 */
export const FOOTER_PROVINCES = 10;
/** Towns shown under each footer province. */
export const FOOTER_CITIES_PER_PROVINCE = 3;

/** The footer's provinces for sale (1) or rent (2), biggest first, each with its biggest towns. */
export function footerProvinces(counts: readonly MunicipalityListingCount[], sellType: 1 | 2): SeoProvinceType[] {
  const key = sellType === 1 ? 'sale' : 'rent';
  const byProvince = new Map<
    number,
    { code: string; name: string; slug: string; total: number; cities: MunicipalityListingCount[] }
  >();
  for (const c of counts) {
    if (c[key] === 0) continue;
    let p = byProvince.get(c.provinceId);
    if (!p) {
      p = { code: c.provinceCode, name: c.provinceName, slug: c.provinceSlug, total: 0, cities: [] };
      byProvince.set(c.provinceId, p);
    }
    p.total += c[key];
    p.cities.push(c);
  }
  return [...byProvince.values()]
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'it'))
    .slice(0, FOOTER_PROVINCES)
    .map((p) => ({
      ProvinceCode: p.code,
      ProvinceName: p.name,
      Url: provinceUrl(sellType, p.slug),
      ListingCount: p.total,
      Cities: p.cities
        .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name, 'it'))
        .slice(0, FOOTER_CITIES_PER_PROVINCE)
        .map((c) => ({
          Name: c.name,
          Url: municipalityUrl(sellType, p.slug, c.slug, c.istatCode),
          ListingCount: c[key],
        })),
    }));
}
