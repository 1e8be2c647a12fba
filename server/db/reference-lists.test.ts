import { describe, expect, it } from 'vitest';
import * as ids from './reference-ids';
import lists from './seed/data/reference-lists.json';

const byCode = (rows: { id: number; code: string }[]) => Object.fromEntries(rows.map((r) => [r.code, r.id]));

describe('reference lists', () => {
  it('keep the ids the spec gives', () => {
    expect(byCode(lists.userTypes)).toEqual({ undefined: 0, seller: 1, buyer: 2, landlord: 3, renter: 4 });
    expect(byCode(lists.sellTypes)).toEqual({ sale: 1, rent: 2 });
    expect(byCode(lists.propertyStatuses)).toEqual({ incomplete: 1, published: 2, suspended: 3, sold: 4, deleted: 5 });
    expect(lists.propertyTypes.map((t) => t.id)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(lists.propertyTypes.find((t) => t.id === 11)?.name).toBe('Immobile');
    expect(lists.roomTypes.map((t) => t.id)).toEqual(Array.from({ length: 58 }, (_, i) => i + 1));
    expect(Object.fromEntries(lists.searchSlugTypes.map((s) => [s.slug, s.id]))).toEqual({
      appartamenti: 1,
      case: 23,
      monolocali: 19,
      bilocali: 20,
      trilocali: 21,
      quadrilocali: 22,
      'case-e-appartamenti': 24,
      'locali-commerciali': 25,
    });
    const amenity = byCode(lists.amenities);
    expect([
      amenity.air_conditioning,
      amenity.parking_space,
      amenity.disabled_access,
      amenity.concierge,
      amenity.lift,
    ]).toEqual([2, 7, 9, 13, 15]);
    expect([
      amenity.terrace,
      amenity.balcony,
      amenity.private_garden,
      amenity.condominium_garden,
      amenity.garden,
    ]).toEqual([16, 17, 18, 19, 20]);
    expect([amenity.private_and_condominium_garden, amenity.garage]).toEqual([23, 24]);
    expect(byCode(lists.serviceProducts)).toMatchObject({
      publish_listing: 7,
      first_row: 1,
      photography: 4,
      upgrade: 8,
      sold_guaranteed: 3,
      paddle: 6,
      renovation: 5,
      flexible: 9,
    });
    expect(lists.documentKinds.map((k) => k.id)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(lists.appointmentStatuses.map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(lists.appointmentRefusalReasons.map((s) => s.id)).toEqual(Array.from({ length: 13 }, (_, i) => i));
    expect(lists.uploadStatuses.map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100]);
    expect(lists.planTypes.map((p) => p.code)).toEqual(['basic', 'flexible', 'exclusive', 'exclusive_partner']);
    expect(lists.mediaTypes).toHaveLength(8);
    expect(lists.searchTypes).toHaveLength(9);
  });

  it('agree with the named ids the code uses', () => {
    const pairs: [Record<string, number>, { id: number; code?: string; slug?: string }[]][] = [
      [ids.USER_TYPE, lists.userTypes],
      [ids.SELL_TYPE, lists.sellTypes],
      [ids.PROPERTY_STATUS, lists.propertyStatuses],
      [ids.PROPERTY_TYPE, lists.propertyTypes],
      [ids.AMENITY, lists.amenities],
      [ids.MEDIA_TYPE, lists.mediaTypes],
      [ids.DOCUMENT_KIND, lists.documentKinds],
      [ids.SERVICE_PRODUCT, lists.serviceProducts],
      [ids.PLAN_TYPE, lists.planTypes],
      [ids.ENERGY_CLASS, lists.energyClasses],
      [ids.HEATING_TYPE, lists.heatingTypes],
      [ids.PROPERTY_CONDITION, lists.propertyConditions],
      [ids.OCCUPANCY, lists.occupancySituations],
      [ids.FURNISHING, lists.furnishingTypes],
      [ids.APPOINTMENT_STATUS, lists.appointmentStatuses],
      [ids.APPOINTMENT_REFUSAL_REASON, lists.appointmentRefusalReasons],
      [ids.SEARCH_TYPE, lists.searchTypes],
      [ids.UPLOAD_STATUS, lists.uploadStatuses],
      [ids.SEARCH_SLUG_TYPE, lists.searchSlugTypes],
    ];
    for (const [named, rows] of pairs) {
      const fromData = Object.fromEntries(rows.map((r) => [r.code ?? r.slug, r.id]));
      for (const [name, id] of Object.entries(named)) expect(fromData[name], name).toBe(id);
    }
    const rooms = byCode(lists.roomTypes);
    for (const [name, id] of Object.entries(ids.ROOM_TYPE)) expect(rooms[name], name).toBe(id);
  });

  it('have unique ids and codes and an Italian label in every row', () => {
    for (const [name, rows] of Object.entries(lists) as [
      string,
      { id: number; code?: string; slug?: string; name: string }[],
    ][]) {
      expect(new Set(rows.map((r) => r.id)).size, name).toBe(rows.length);
      expect(new Set(rows.map((r) => r.code ?? r.slug)).size, name).toBe(rows.length);
      for (const row of rows) expect(row.name.trim().length, `${name} ${row.id}`).toBeGreaterThan(0);
    }
  });
});
