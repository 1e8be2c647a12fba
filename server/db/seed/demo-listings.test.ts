import { describe, expect, it } from 'vitest';
import { ENERGY_INDEX_RANGES } from '@domain/energy-label';
import { GENERATED_TITLE_MAX_LENGTH } from '../listing-title';
import { ENERGY_CLASS, PROPERTY_CONDITION, PROPERTY_STATUS, PROPERTY_TYPE, SELL_TYPE } from '../reference-ids';
import agencyData from './data/agencies.json';
import { buildGeoRows } from './geo';
import { buildDemoListings, DEMO_CITIES, type DemoListing } from './listings';

interface OmiRange {
  saleMin: number;
  saleMax: number;
  rentMin: number;
  rentMax: number;
}

// OMI (Agenzia delle Entrate) 2018-2 ranges of the demo towns, euro per m² (rent per month),
// copied from scripts/data/omi/omi-2018-2-comuni.csv so the check runs wherever the repo does.
const OMI: ReadonlyMap<string, OmiRange> = new Map(
  (
    [
      ['001272', 1600, 2300, 5.6, 8.3], // Torino
      ['015146', 2200, 2800, 7.5, 9.5], // Milano
      ['023091', 1150, 1650, 4.8, 6.3], // Verona
      ['028060', 1175, 1525, 4.85, 6.5], // Padova
      ['010025', 1400, 2050, 5.6, 8.1], // Genova
      ['037006', 2200, 2775, 7.0, 9.75], // Bologna
      ['048017', 2300, 2900, 7.9, 10.5], // Firenze
      ['058091', 2200, 3100, 8.3, 11.8], // Roma
      ['063049', 1650, 2500, 4.2, 6.2], // Napoli
      ['072006', 1500, 2050, 5.0, 6.85], // Bari
      ['082053', 1100, 1500, 3.4, 4.8], // Palermo
    ] as const
  ).map(([istat, saleMin, saleMax, rentMin, rentMax]) => [istat, { saleMin, saleMax, rentMin, rentMax }]),
);

const geo = buildGeoRows();
const municipalityByIstat = new Map(geo.municipalities.map((m) => [m.istatCode, m]));
const agenciesByCity = new Map<string, number[]>();
agencyData.agencies.forEach((a, i) => agenciesByCity.set(a.cityIstat, [...(agenciesByCity.get(a.cityIstat) ?? []), i]));
const options = {
  scale: 1,
  privateOwners: 40,
  agenciesByCity,
  municipalities: new Map(geo.municipalities.map((m) => [m.istatCode, { postcodes: m.postcodes ?? [] }])),
};
const listings = buildDemoListings(options);
const published = listings.filter((l) => l.row.statusId === PROPERTY_STATUS.published);
const RESIDENTIAL = new Set<number>([
  PROPERTY_TYPE.apartment,
  PROPERTY_TYPE.penthouse,
  PROPERTY_TYPE.attic,
  PROPERTY_TYPE.loft,
  PROPERTY_TYPE.villa,
  PROPERTY_TYPE.terraced_house,
  PROPERTY_TYPE.detached_house,
  PROPERTY_TYPE.semi_detached_house,
]);

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const eurPerM2 = (l: DemoListing) => l.row.price! / l.row.surfaceM2!;

describe('demo listings', () => {
  it('are about 300, in at least 8 cities, for sale and for rent, mostly published', () => {
    expect(listings.length).toBeGreaterThanOrEqual(280);
    expect(listings.length).toBeLessThanOrEqual(320);
    expect(new Set(listings.map((l) => l.cityIstat)).size).toBeGreaterThanOrEqual(8);
    const sale = listings.filter((l) => l.row.sellTypeId === SELL_TYPE.sale).length;
    expect(sale / listings.length).toBeGreaterThan(0.5);
    expect(sale / listings.length).toBeLessThan(0.8);
    expect(published.length / listings.length).toBeGreaterThan(0.8);
    expect(listings.some((l) => l.row.statusId === PROPERTY_STATUS.incomplete)).toBe(true);
  });

  it("write their descriptions in correct Italian, with no date that the seed's move to today would leave behind", () => {
    const descriptions = listings.map((l) => l.row.description ?? '');
    // "all'ottavo piano", never "al ottavo" (nor "al undicesimo").
    expect(descriptions.filter((d) => /\bal [aeiou]\w+ piano\b/i.test(d))).toEqual([]);
    expect(
      descriptions.some((d) => /\ball'[aeiou]\w+ piano\b/i.test(d)) ||
        descriptions.some((d) => /\bal [b-df-hj-np-tv-z]\w+ piano\b/i.test(d)),
    ).toBe(true);
    // The rent's availability has its date in the details only.
    expect(descriptions.filter((d) => /Disponibile dal \d/.test(d))).toEqual([]);
  });

  it('are identical from one run to the next', () => {
    expect(buildDemoListings(options)).toEqual(listings);
  });

  it('have titles following the 63-character rule, without the street when the address is hidden', () => {
    expect(published.some((l) => !l.row.showAddress)).toBe(true);
    for (const l of published) {
      const sale = l.row.sellTypeId === SELL_TYPE.sale;
      const withAddress = `Casa in ${sale ? 'vendita' : 'affitto'} in ${l.row.street}, ${l.row.streetNumber} a ${l.cityName}`;
      const expected =
        l.row.showAddress && withAddress.length <= GENERATED_TITLE_MAX_LENGTH
          ? withAddress
          : `Casa in ${sale ? 'vendita' : 'affitto'} a ${l.cityName}`;
      if (!l.row.showAddress) {
        expect(l.row.title).not.toContain(l.row.street);
        expect(l.row.description).not.toContain(l.row.street);
      }
      expect(l.row.title).toBe(expected);
      expect(l.row.title!.length).toBeLessThanOrEqual(GENERATED_TITLE_MAX_LENGTH);
    }
  });

  it('have believable homes: surfaces, rooms, floors and photos', () => {
    for (const l of published) {
      const r = l.row;
      expect(r.surfaceM2).toBeGreaterThanOrEqual(10);
      expect(r.surfaceM2).toBeLessThanOrEqual(450);
      expect(r.floor!).toBeLessThanOrEqual(r.buildingFloors!);
      if (RESIDENTIAL.has(r.propertyTypeId)) {
        expect(r.rooms).toBeGreaterThanOrEqual(1);
        expect(r.bathrooms).toBeGreaterThanOrEqual(1);
        expect(r.surfaceM2! / r.rooms!).toBeGreaterThan(15);
        expect(l.rooms.length).toBeGreaterThan(0);
      }
      expect(l.photos.length).toBeGreaterThanOrEqual(2);
      expect(l.photos.length).toBeLessThanOrEqual(6);
      // A house opens on the house, a flat on its building or its living room.
      const house = [
        PROPERTY_TYPE.villa,
        PROPERTY_TYPE.terraced_house,
        PROPERTY_TYPE.detached_house,
        PROPERTY_TYPE.semi_detached_house,
      ].includes(r.propertyTypeId as never);
      expect(house ? ['house'] : ['facade', 'living_room']).toContain(l.photos[0]);
      expect(l.photos).toContain(house ? 'house' : 'facade');
      expect(r.description!.length).toBeGreaterThan(120);
      // Counted rooms take the plural: "due camere da letto", never "due camera da letto".
      expect(r.description).not.toMatch(
        /\b(due|tre|quattro|cinque) (camera|bagno|balcone|terrazzo|cameretta|ripostiglio)\b/,
      );
      expect(r.description).not.toMatch(/\{\w+\}/);
      if (r.sellTypeId === SELL_TYPE.rent) {
        expect(r.availableFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(r.securityDeposit! / r.price!).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('give the energy class and an index that agrees with it; no new or recent build in class F or G', () => {
    for (const { row: r } of published) {
      expect(r.energyClassId).not.toBeNull();
      if (r.energyClassId === ENERGY_CLASS.exempt || r.energyClassId === ENERGY_CLASS.pending) {
        expect(r.energyPerformance).toBeNull();
        continue;
      }
      const [lo, hi] = ENERGY_INDEX_RANGES[r.energyClassId! - 1]!;
      expect(r.energyPerformance!).toBeGreaterThanOrEqual(lo);
      expect(r.energyPerformance!).toBeLessThanOrEqual(hi);
      if (r.conditionId === PROPERTY_CONDITION.new || (r.buildYear ?? 0) >= 2006)
        expect([ENERGY_CLASS.F, ENERGY_CLASS.G]).not.toContain(r.energyClassId);
    }
  });

  it('do not all open on the same picture', () => {
    const covers = new Set(published.map((l) => l.photos[0]));
    expect([...covers].sort()).toEqual(['facade', 'house', 'living_room']);
  });

  it('lie within a few kilometres of their town centre', () => {
    for (const l of listings) {
      const town = municipalityByIstat.get(l.cityIstat)!;
      expect(
        distanceKm(l.row.latitude, l.row.longitude, town.latitude!, town.longitude!),
        `${l.cityName} ${l.neighbourhood}`,
      ).toBeLessThan(9);
    }
  });

  it('keep drafts without the answers of steps they have not reached', () => {
    for (const l of listings.filter((x) => x.row.statusId === PROPERTY_STATUS.incomplete)) {
      expect(l.row.wizardHistory.includes(15)).toBe(l.row.price !== null);
      expect(l.row.wizardPage.currentStep).toBe(l.row.wizardHistory[l.row.wizardHistory.length - 1]);
      expect(l.photos).toEqual([]);
    }
  });

  it("price a home by its street as well as its town: Via Manzoni above the rest of Milan's centre", () => {
    const centre = listings.filter(
      (l) =>
        l.cityIstat === '015146' &&
        l.row.sellTypeId === SELL_TYPE.sale &&
        RESIDENTIAL.has(l.row.propertyTypeId) &&
        ['Via Manzoni', 'Via Torino', 'Corso di Porta Romana', 'Via Larga'].includes(l.row.street ?? ''),
    );
    const manzoni = centre.filter((l) => l.row.street === 'Via Manzoni').map(eurPerM2);
    const others = centre.filter((l) => l.row.street !== 'Via Manzoni').map(eurPerM2);
    expect(manzoni.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    // A home in Via Manzoni asks about 10,000 €/m², well above its neighbours.
    expect(median(manzoni)).toBeGreaterThan(9_000);
    expect(median(manzoni)).toBeGreaterThan(median(others) * 1.25);
  });

  // Generous on purpose: OMI 2018 medians lag today's asking prices, and a demo home in
  // a smart street may sit well above its town's median. What this catches is a price
  // level off by a unit (per year instead of per month, cents instead of euros).
  it('price residential homes in or near the OMI range of their town', () => {
    const omi = OMI;
    for (const city of DEMO_CITIES) {
      const range = omi.get(city.istat);
      expect(range, city.name).toBeDefined();
      for (const sellTypeId of [SELL_TYPE.sale, SELL_TYPE.rent]) {
        const [min, max] =
          sellTypeId === SELL_TYPE.sale ? [range!.saleMin, range!.saleMax] : [range!.rentMin, range!.rentMax];
        const homes = published.filter(
          (l) => l.cityIstat === city.istat && l.row.sellTypeId === sellTypeId && RESIDENTIAL.has(l.row.propertyTypeId),
        );
        for (const home of homes) {
          expect(eurPerM2(home), `${city.name} ${home.row.title}`).toBeGreaterThanOrEqual(min * 0.35);
          // Four times the median's top: a luxury street (Via Manzoni) fits, a unit error (×12, ×100) does not.
          expect(eurPerM2(home), `${city.name} ${home.row.title}`).toBeLessThanOrEqual(max * 4);
        }
        if (homes.length >= 3) {
          const m = median(homes.map(eurPerM2));
          expect(m, `${city.name} median`).toBeGreaterThanOrEqual(min * 0.7);
          expect(m, `${city.name} median`).toBeLessThanOrEqual(max * 2);
        }
      }
    }
  });
});
