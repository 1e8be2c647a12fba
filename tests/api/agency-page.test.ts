import { and, asc, count, desc, eq, gt, isNotNull, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import { agencies, agencyPhoneReveals, media, municipalities, properties, provinces } from '../../server/db/schema';
import { CACHE_CONTROL } from '../../server/lib/reference-cache';
import { AGENCY_PHONE_RATE_LIMIT } from '../../server/modules/agency';
import { italianDay } from '../../server/lib/italian-day';
import { describeOnBackends, expectError } from './helpers';

// Issue 28, the server side of an agency's page (/agenzie/{slug}): GET /api/Agency/{slug}, the
// counted phone reveal POST /api/Agency/{slug}/Phone, and the agencies' sitemap part.

const PUBLIC_URL = 'https://www.rexer.example';

describeOnBackends("An agency's page", { env: { RATE_LIMIT_MAX: '0', PUBLIC_URL } }, (suite) => {
  const db = () => suite.db;
  let address = 0;
  /** Each test reveals from its own client address, so the per-IP limit of one does not reach another. */
  const nextAddress = () => `198.51.100.${++address}`;
  const get = (url: string) => suite.app.inject({ url, headers: { portal: '5' } });
  const reveal = (slug: string, remoteAddress: string) =>
    suite.app.inject({ method: 'POST', url: `/api/Agency/${slug}/Phone`, headers: { portal: '5' }, remoteAddress });
  const json = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** The seeded agency with the most published listings, with its phone (the demo data gives each one). */
  async function demoAgency() {
    const [row] = await db()
      .select({ id: agencies.id, slug: agencies.slug, n: count(properties.id) })
      .from(agencies)
      .innerJoin(properties, eq(properties.agencyId, agencies.id))
      .where(and(eq(properties.statusId, PROPERTY_STATUS.published), isNotNull(agencies.phone)))
      .groupBy(agencies.id)
      .orderBy(desc(count(properties.id)), asc(agencies.id))
      .limit(1);
    expect(row, 'the demo seed has an agency with published listings and a phone').toBeDefined();
    taken.add(row.id);
    return row;
  }

  /**
   * An agency no earlier test read or changed (answers are cached per slug for a minute), marked
   * as taken: the tests that change a row (no reviews, no phone, deleted) each take their own.
   */
  const taken = new Set<number>([0]);
  async function freshAgency() {
    const [row] = await db()
      .select({ id: agencies.id, slug: agencies.slug })
      .from(agencies)
      .where(notInArray(agencies.id, [...taken]))
      .orderBy(asc(agencies.id))
      .limit(1);
    expect(row, 'the demo seed has enough agencies').toBeDefined();
    taken.add(row.id);
    return row;
  }

  async function revealsOf(agencyId: number): Promise<number | undefined> {
    const [row] = await db()
      .select({ count: agencyPhoneReveals.count })
      .from(agencyPhoneReveals)
      .where(and(eq(agencyPhoneReveals.agencyId, agencyId), eq(agencyPhoneReveals.day, italianDay(new Date()))));
    return row?.count;
  }

  it("answers an agency's details, its published listings counted and the search that lists them", async () => {
    const { id, slug } = await demoAgency();
    const res = await get(`/api/Agency/${slug}`);
    const body = json(res);
    expect(res.headers['cache-control']).toBe(CACHE_CONTROL.counts);
    expect(res.headers.etag).toMatch(/^"/);

    const [row] = await db()
      .select({
        name: agencies.name,
        description: agencies.description,
        street: agencies.street,
        streetNumber: agencies.streetNumber,
        postalCode: agencies.postalCode,
        town: municipalities.name,
        province: provinces.sigla,
        latitude: agencies.latitude,
        longitude: agencies.longitude,
        isPartner: agencies.isPartner,
        rating: agencies.rating,
        reviewsCount: agencies.reviewsCount,
        logoUrl: media.url,
      })
      .from(agencies)
      .leftJoin(municipalities, eq(municipalities.id, agencies.municipalityId))
      .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
      .leftJoin(media, eq(media.id, agencies.logoMediaId))
      .where(eq(agencies.id, id));
    const published = async (sellType: number) =>
      (
        await db()
          .select({ n: count() })
          .from(properties)
          .where(
            and(
              eq(properties.agencyId, id),
              eq(properties.statusId, PROPERTY_STATUS.published),
              eq(properties.sellTypeId, sellType),
            ),
          )
      )[0].n;
    const sale = await published(SELL_TYPE.sale);
    const rent = await published(SELL_TYPE.rent);
    expect(sale + rent).toBeGreaterThan(0);

    expect(body).toEqual({
      Id: id,
      Slug: slug,
      Name: row.name,
      LogoUrl: row.logoUrl,
      Description: row.description,
      Address: {
        Street: row.street,
        StreetNumber: row.streetNumber,
        PostalCode: row.postalCode,
        Town: row.town,
        Province: row.province,
        Latitude: row.latitude,
        Longitude: row.longitude,
      },
      IsPartner: row.isPartner,
      Rating: row.reviewsCount > 0 ? row.rating : null,
      ReviewsCount: row.reviewsCount,
      // The demo seed gives every agency an account that receives its messages.
      AcceptsMessages: true,
      PublishedListings: { Sale: sale, Rent: rent },
      Search: { SearchType: 'agency', Agency: id },
    });

    // The search parameters find exactly the listings counted.
    for (const [sellType, expected] of [
      [SELL_TYPE.sale, sale],
      [SELL_TYPE.rent, rent],
    ] as const) {
      const query = new URLSearchParams({
        SearchType: body.Search.SearchType,
        Agency: String(body.Search.Agency),
        SellType: String(sellType),
      });
      expect(json(await get(`/api/Search/Listings?${query}`)).Total).toBe(expected);
    }
  });

  it('answers Rating null for an agency without reviews, whatever the column holds', async () => {
    const row = await freshAgency();
    await db().update(agencies).set({ reviewsCount: 0, rating: 4.5 }).where(eq(agencies.id, row.id));
    const body = json(await get(`/api/Agency/${row.slug}`));
    expect(body).toMatchObject({ Rating: null, ReviewsCount: 0 });
  });

  it('answers a rated agency with its rating', async () => {
    const [row] = await db()
      .select({ id: agencies.id, slug: agencies.slug, rating: agencies.rating, reviews: agencies.reviewsCount })
      .from(agencies)
      .where(and(gt(agencies.reviewsCount, 0), isNotNull(agencies.rating), notInArray(agencies.id, [...taken])))
      .orderBy(desc(agencies.id))
      .limit(1);
    expect(row, 'the demo seed has a reviewed agency').toBeDefined();
    taken.add(row.id);
    expect(json(await get(`/api/Agency/${row.slug}`))).toMatchObject({
      Rating: row.rating,
      ReviewsCount: row.reviews,
    });
  });

  it('never answers a phone or an e-mail in the list of agencies (it would hand every number to a scraper at once)', async () => {
    const known = await db().select({ phone: agencies.phone, email: agencies.email }).from(agencies);
    const res = await get('/api/Agency/List');
    const list = json(res) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(Object.keys(item).filter((key) => /phone|email/i.test(key))).toEqual([]);
    for (const { phone, email } of known) {
      if (phone) expect(res.body).not.toContain(phone);
      if (email) expect(res.body).not.toContain(email);
    }
  });

  it('never answers the phone or the e-mail in the page call', async () => {
    const { id, slug } = await demoAgency();
    const [{ phone, email }] = await db()
      .select({ phone: agencies.phone, email: agencies.email })
      .from(agencies)
      .where(eq(agencies.id, id));
    const res = await get(`/api/Agency/${slug}`);
    const body = json(res);
    expect(Object.keys(body)).not.toContain('Phone');
    expect(Object.keys(body)).not.toContain('Email');
    expect(res.body).not.toContain(phone);
    if (email) expect(res.body).not.toContain(email);
  });

  it('answers 404 AgencyNotFound for an unknown slug, not kept by the cache, and 400 for a malformed one', async () => {
    const unknown = await get('/api/Agency/agenzia-che-non-esiste');
    expectError(unknown, 'AgencyNotFound');
    expect(unknown.headers['cache-control']).toBe('no-store');
    for (const bad of ['Agenzia-Rossi', 'agenzia_rossi', 'agenzia--rossi', '-rossi', 'rossi-', 'a'.repeat(201)])
      expectError(await get(`/api/Agency/${bad}`), 'ValidationError');
    expectError(await reveal('Agenzia_Rossi', nextAddress()), 'ValidationError');
    expectError(await reveal('agenzia-che-non-esiste', nextAddress()), 'AgencyNotFound');
  });

  it('reveals the phone on request and counts each reveal for the agency and the Italian day', async () => {
    const { id, slug } = await demoAgency();
    const [{ phone }] = await db().select({ phone: agencies.phone }).from(agencies).where(eq(agencies.id, id));
    const before = (await revealsOf(id)) ?? 0;
    const from = nextAddress();
    for (let i = 0; i < 2; i++) {
      const res = await reveal(slug, from);
      expect(json(res)).toEqual({ Phone: phone });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await revealsOf(id)).toBe(before + 2);
  });

  it('answers 404 AgencyPhoneMissing for an agency without a phone, and counts nothing', async () => {
    const row = await freshAgency();
    await db().update(agencies).set({ phone: null }).where(eq(agencies.id, row.id));
    expectError(await reveal(row.slug, nextAddress()), 'AgencyPhoneMissing');
    expect(await revealsOf(row.id)).toBeUndefined();
  });

  it('limits the reveals per client address', async () => {
    const { slug } = await demoAgency();
    const from = nextAddress();
    for (let i = 0; i < AGENCY_PHONE_RATE_LIMIT.max; i++) expect((await reveal(slug, from)).statusCode).toBe(200);
    const refused = await reveal(slug, from);
    expectError(refused, 'TooManyRequests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not refused.
    expect((await reveal(slug, nextAddress())).statusCode).toBe(200);
  });

  it("lists every agency's page in the sitemap, in the index, and none of a deleted agency", async () => {
    const index = await get('/sitemap.xml');
    expect(index.body).toContain(`<loc>${PUBLIC_URL}/sitemap-agenzie.xml</loc>`);
    const gone = await freshAgency();
    // Deleted before the part is first built (the part is kept an hour per process); its
    // listings, members and developments keep no agency (set null).
    await db().delete(agencies).where(eq(agencies.id, gone.id));
    const res = await get('/sitemap-agenzie.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CACHE_CONTROL.crawler);
    const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const slugs = (await db().select({ slug: agencies.slug }).from(agencies).orderBy(asc(agencies.id))).map(
      (r) => r.slug,
    );
    expect(slugs.length).toBeGreaterThan(0);
    expect(paths).toEqual(slugs.map((slug) => `/agenzie/${slug}`));
    expect(paths).not.toContain(`/agenzie/${gone.slug}`);
    expectError(await get(`/api/Agency/${gone.slug}`), 'AgencyNotFound');
  });
});
