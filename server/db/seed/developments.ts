import { base, en, Faker, it } from '@faker-js/faker';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../database';
import {
  AMENITY,
  ENERGY_CLASS,
  HEATING_TYPE,
  MEDIA_TYPE,
  OCCUPANCY,
  PLAN_TYPE,
  PROPERTY_CONDITION,
  PROPERTY_STATUS,
  PROPERTY_TYPE,
  ROOM_TYPE,
  SELL_TYPE,
} from '../reference-ids';
import { media, newDevelopments, properties, propertyAmenities, propertyPriceChanges, propertyRooms } from '../schema';
import data from './data/new-developments.json';
import texts from './data/listing-texts.json';
import { atOrdinal, DEMO_CITIES, italianList, SEED_EPOCH, type DemoListing } from './listings';
import type { PhotoKind, PoolPhoto } from './photos';

// New developments (nuove costruzioni) of the demo: a building site in a real
// neighbourhood of a demo city, sold by an agency of that city, whose units are published
// listings (properties.development_id) in condition "new". Generated from a fixed faker seed.

export const DEMO_DEVELOPMENTS_FAKER_SEED = 20251124;

/** What a new build costs over the town's level (a 15-25% premium). */
const NEW_BUILD_PREMIUM: [number, number] = [1.15, 1.25];

const SURFACE_BY_ROOMS: Record<number, [number, number]> = {
  1: [34, 45],
  2: [52, 70],
  3: [78, 102],
  4: [105, 135],
  5: [135, 170],
};

const ENERGY_KWH: Record<string, [number, number]> = { A4: [12, 22], A3: [22, 34] };

export type DemoDevelopmentData = (typeof data.developments)[number];

export interface DemoDevelopment {
  data: DemoDevelopmentData;
  energyClassId: number;
  units: DemoListing[];
}

function roundPrice(value: number): number {
  if (value < 500_000) return Math.round(value / 5000) * 5000;
  return Math.round(value / 10_000) * 10_000;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every demo development with its units, deterministically; `unitsEach` caps the units (the small demo). */
export function buildDemoDevelopments(opts: {
  unitsEach?: number;
  postcodes: Map<string, string[]>;
}): DemoDevelopment[] {
  const f = new Faker({ locale: [it, en, base], seed: DEMO_DEVELOPMENTS_FAKER_SEED });
  return data.developments.map((d) => {
    const city = DEMO_CITIES.find((c) => c.istat === d.cityIstat);
    if (!city) throw new Error(`development ${d.name}: no demo city ${d.cityIstat}`);
    const nb = city.neighbourhoods.find((n) => n.name === d.neighbourhood);
    if (!nb) throw new Error(`development ${d.name}: no neighbourhood ${d.neighbourhood} in ${city.name}`);
    const energyClassId = ENERGY_CLASS[d.energyClass as 'A4' | 'A3'];
    const count = Math.min(d.units, opts.unitsEach ?? d.units);
    const completionYear = Number(/\d{4}/.exec(d.completion)?.[0] ?? 2027);
    const postcodes = opts.postcodes.get(d.cityIstat) ?? [];
    const postalCode = postcodes.length > 0 ? postcodes[Math.floor(postcodes.length / 2)] : null;
    const units: DemoListing[] = [];
    for (let i = 0; i < count; i++) {
      // A mix of sizes over the floors; the last unit is the top-floor penthouse.
      const penthouse = i === count - 1 && count >= 4;
      const rooms = penthouse
        ? f.helpers.arrayElement([4, 5])
        : f.helpers.weightedArrayElement([
            { weight: 8, value: 1 },
            { weight: 32, value: 2 },
            { weight: 38, value: 3 },
            { weight: 22, value: 4 },
          ]);
      const [min, max] = SURFACE_BY_ROOMS[rooms];
      const surfaceM2 = Math.round(f.number.int({ min, max }) * (penthouse ? 1.15 : 1));
      const floor = penthouse ? d.buildingFloors : f.number.int({ min: 0, max: d.buildingFloors - 1 });
      const bathrooms = rooms <= 2 ? 1 : rooms === 3 ? f.helpers.arrayElement([1, 2, 2]) : rooms === 4 ? 2 : 3;
      const premium = f.number.float({ min: NEW_BUILD_PREMIUM[0], max: NEW_BUILD_PREMIUM[1] });
      // Higher floors cost more in a new building with a lift; the penthouse most.
      const floorFactor = penthouse ? 1.12 : 1 + floor * 0.012 - (floor === 0 ? 0.03 : 0);
      const price = roundPrice(surfaceM2 * city.saleEurM2 * nb.factor * premium * floorFactor);

      const amenities = new Set<number>([
        AMENITY.lift,
        AMENITY.air_conditioning,
        AMENITY.security_door,
        AMENITY.double_glazing,
        AMENITY.fiber,
        AMENITY.video_intercom,
        AMENITY.solar_panels,
      ]);
      if (f.datatype.boolean(0.6)) amenities.add(AMENITY.cellar);
      amenities.add(f.datatype.boolean(0.7) ? AMENITY.garage : AMENITY.parking_space);
      if (penthouse || floor >= d.buildingFloors - 1) amenities.add(AMENITY.terrace);
      else if (floor === 0) amenities.add(AMENITY.private_garden);
      else amenities.add(AMENITY.balcony);
      amenities.add(AMENITY.condominium_garden);
      if (rooms >= 2) amenities.add(AMENITY.disabled_access);

      const roomRows: { roomTypeId: number; count: number }[] = [{ roomTypeId: ROOM_TYPE.entrance, count: 1 }];
      if (rooms === 1)
        roomRows.push({ roomTypeId: ROOM_TYPE.open_space, count: 1 }, { roomTypeId: ROOM_TYPE.kitchenette, count: 1 });
      else {
        roomRows.push(
          { roomTypeId: ROOM_TYPE.living_room, count: 1 },
          { roomTypeId: rooms >= 3 ? ROOM_TYPE.kitchen : ROOM_TYPE.kitchenette, count: 1 },
        );
        roomRows.push({ roomTypeId: ROOM_TYPE.double_bedroom, count: 1 });
        if (rooms >= 3) roomRows.push({ roomTypeId: ROOM_TYPE.single_bedroom, count: rooms - 2 });
      }
      roomRows.push({ roomTypeId: ROOM_TYPE.bathroom, count: bathrooms });
      if (amenities.has(AMENITY.cellar)) roomRows.push({ roomTypeId: ROOM_TYPE.cellar, count: 1 });
      if (amenities.has(AMENITY.garage)) roomRows.push({ roomTypeId: ROOM_TYPE.box, count: 1 });
      if (amenities.has(AMENITY.terrace)) roomRows.push({ roomTypeId: ROOM_TYPE.terrace, count: 1 });
      if (amenities.has(AMENITY.balcony))
        roomRows.push({ roomTypeId: ROOM_TYPE.balcony, count: f.number.int({ min: 1, max: 2 }) });
      if (amenities.has(AMENITY.private_garden)) roomRows.push({ roomTypeId: ROOM_TYPE.garden, count: 1 });

      const kind = penthouse ? 'attico' : texts.roomCountNames[rooms];
      const floorText =
        floor === 0
          ? 'al piano terra'
          : penthouse
            ? `all'ultimo piano, con terrazzo panoramico`
            : `${atOrdinal(texts.ordinals[floor]!)} piano`;
      const outdoor = amenities.has(AMENITY.terrace)
        ? 'un terrazzo abitabile'
        : amenities.has(AMENITY.private_garden)
          ? 'un giardino privato'
          : 'una loggia';
      const extras = italianList([
        amenities.has(AMENITY.garage) ? 'box auto' : 'posto auto',
        ...(amenities.has(AMENITY.cellar) ? ['cantina'] : []),
      ]);
      const description = [
        `${capitalised(kind)} di ${surfaceM2} m² ${floorText} nella ${d.name}, nuova costruzione in classe ${d.energyClass} nel quartiere ${d.neighbourhood} a ${city.name}.`,
        `Ingresso, ${rooms === 1 ? 'open space con angolo cottura' : `soggiorno con ${rooms >= 3 ? 'cucina abitabile' : 'angolo cottura'}, ${rooms === 2 ? 'una camera matrimoniale' : `camera matrimoniale e ${rooms - 2 === 1 ? 'una camera singola' : `${texts.numbers[rooms - 2]} camere singole`}`}`}, ${bathrooms === 1 ? 'un bagno' : `${texts.numbers[bathrooms]} bagni`} e ${outdoor}.`,
        `Riscaldamento e raffrescamento con pompa di calore e pannelli radianti, serramenti a triplo vetro, domotica e predisposizione per la ricarica elettrica. In vendita con ${extras}.`,
        `Consegna prevista: ${d.completion}. Capitolato personalizzabile; nessuna provvigione sull'acquisto dal costruttore ${d.builderName}.`,
      ].join(' ');

      const daysAgo = f.number.int({ min: 5, max: 150 });
      const createdAt = new Date(
        SEED_EPOCH.getTime() - daysAgo * 86_400_000 - f.number.int({ min: 0, max: 30_000 }) * 1000,
      );
      const publishedAt = new Date(createdAt.getTime() + f.number.int({ min: 2, max: 48 }) * 3_600_000);
      const jitter = () => (f.number.float({ min: -1, max: 1 }) * 40) / 111_320;
      const photos: PhotoKind[] = [
        'facade',
        ...f.helpers
          .shuffle<PhotoKind>(['living_room', 'kitchen', 'bedroom', 'bathroom'])
          .slice(0, f.number.int({ min: 2, max: 4 })),
      ];

      units.push({
        owner: { kind: 'agency', index: d.agencyIndex },
        cityIstat: d.cityIstat,
        cityName: city.name,
        neighbourhood: d.neighbourhood,
        row: {
          sellTypeId: SELL_TYPE.sale,
          statusId: PROPERTY_STATUS.published,
          planTypeId: PLAN_TYPE.exclusive,
          street: d.street,
          streetNumber: d.number,
          postalCode,
          latitude: Number((d.lat + jitter()).toFixed(6)),
          longitude: Number((d.lng + jitter()).toFixed(6)),
          showAddress: true,
          propertyTypeId: penthouse ? PROPERTY_TYPE.penthouse : PROPERTY_TYPE.apartment,
          publicationPropertyTypeId: penthouse ? PROPERTY_TYPE.penthouse : PROPERTY_TYPE.apartment,
          specialDescription: null,
          surfaceM2,
          rooms,
          bathrooms,
          floor,
          buildingFloors: d.buildingFloors,
          hasLift: true,
          conditionId: PROPERTY_CONDITION.new,
          renovationYear: null,
          buildYear: completionYear,
          energyClassId,
          energyPerformance: Number(
            f.number.float({ min: ENERGY_KWH[d.energyClass][0], max: ENERGY_KWH[d.energyClass][1] }).toFixed(1),
          ),
          heatingTypeId: f.datatype.boolean(0.7) ? HEATING_TYPE.underfloor : HEATING_TYPE.heat_pump,
          condoFees: Math.round((40 + surfaceM2 * f.number.float({ min: 0.8, max: 1.2 })) / 10) * 10,
          occupancyId: OCCUPANCY.free,
          availableFrom: null,
          furnishingId: null,
          securityDeposit: null,
          contractTypeId: null,
          petsAllowed: null,
          priceFromMarket: false,
          estimateMin: null,
          estimateMax: null,
          price,
          title: `${capitalised(kind)} di nuova costruzione in ${d.street}, ${city.name}`,
          description,
          wizardPage: { currentStep: 34, lastDevice: 'desktop' },
          wizardHistory: [],
          createdAt,
          updatedAt: publishedAt,
          publishedAt,
          highlightedUntil: null,
        },
        rooms: roomRows,
        amenityIds: [...amenities].sort((a, b) => a - b),
        photos,
      });
    }
    return { data: d, energyClassId, units };
  });
}

export interface WriteDevelopmentsContext {
  /** Municipality id and postcodes by ISTAT code. */
  cities: Map<string, { id: number; postcodes: string[] }>;
  /** The inserted agencies, in the order of data/agencies.json, with the user who publishes for each. */
  agencies: { id: number; userId: number }[];
  pool: PoolPhoto[];
  /** Small demo: at most this many units per development. */
  unitsEach?: number;
  roomOfPhoto: Partial<Record<PhotoKind, number>>;
}

/** Inserts the developments, their units, the units' rooms, amenities and photos. Returns how many units. */
export async function writeDemoDevelopments(
  tx: Tx,
  ctx: WriteDevelopmentsContext,
): Promise<{ developments: number; units: number }> {
  const built = buildDemoDevelopments({
    unitsEach: ctx.unitsEach,
    postcodes: new Map([...ctx.cities].map(([istat, c]) => [istat, c.postcodes])),
  });
  const poolByKind = new Map<PhotoKind, PoolPhoto[]>();
  for (const p of ctx.pool) poolByKind.set(p.kind, [...(poolByKind.get(p.kind) ?? []), p]);
  let units = 0;
  for (const [devIndex, dev] of built.entries()) {
    const agency = ctx.agencies[dev.data.agencyIndex];
    const [row] = await tx
      .insert(newDevelopments)
      .values({
        name: dev.data.name,
        builderName: dev.data.builderName,
        agencyId: agency.id,
        municipalityId: ctx.cities.get(dev.data.cityIstat)!.id,
        street: `${dev.data.street}, ${dev.data.number}`,
        latitude: dev.data.lat,
        longitude: dev.data.lng,
        description: dev.data.description,
        completion: dev.data.completion,
        energyClassId: dev.energyClassId,
        createdAt: new Date(SEED_EPOCH.getTime() - 160 * 86_400_000),
        updatedAt: new Date(SEED_EPOCH.getTime() - 5 * 86_400_000),
      })
      .returning({ id: newDevelopments.id });
    const inserted = await tx
      .insert(properties)
      .values(
        dev.units.map((u) => ({
          ...u.row,
          ownerUserId: agency.userId,
          agencyId: agency.id,
          developmentId: row.id,
          municipalityId: ctx.cities.get(u.cityIstat)!.id,
        })),
      )
      .returning({ id: properties.id });
    const ids = inserted.map((r) => r.id);
    const roomRows = dev.units.flatMap((u, i) =>
      u.rooms.map((r) => ({ propertyId: ids[i], roomTypeId: r.roomTypeId, count: r.count })),
    );
    if (roomRows.length > 0) await tx.insert(propertyRooms).values(roomRows);
    const amenityRows = dev.units.flatMap((u, i) =>
      u.amenityIds.map((amenityId) => ({ propertyId: ids[i], amenityId })),
    );
    if (amenityRows.length > 0) await tx.insert(propertyAmenities).values(amenityRows);
    const mediaRows: (typeof media.$inferInsert)[] = [];
    dev.units.forEach((u, i) => {
      u.photos.forEach((kind, position) => {
        const candidates = poolByKind.get(kind)!;
        // The same façade for every unit of a building; rooms rotate through the pool.
        const photo =
          kind === 'facade'
            ? candidates[devIndex % candidates.length]
            : candidates[(devIndex * 5 + i * 3 + position) % candidates.length];
        mediaRows.push({
          propertyId: ids[i],
          mediaTypeId: kind === 'facade' || kind === 'house' ? MEDIA_TYPE.property_image : MEDIA_TYPE.room_image,
          roomTypeId: ctx.roomOfPhoto[kind] ?? null,
          storageKey: photo.key,
          url: `/media/${photo.key}`,
          thumbnailKey: photo.thumbnailKey,
          thumbnailUrl: `/media/${photo.thumbnailKey}`,
          contentType: 'image/jpeg',
          sizeBytes: photo.sizeBytes,
          width: photo.width,
          height: photo.height,
          position,
          createdAt: u.row.createdAt,
        });
      });
    });
    if (mediaRows.length > 0) await tx.insert(media).values(mediaRows);
    units += ids.length;
  }
  return { developments: built.length, units };
}

/**
 * About 15% of the published listings had their price cut once or twice: each cut is an
 * UPDATE of the price (the trigger records it), then its date is moved back to a believable
 * day of the 60 days before the seed's epoch, at least a week after publication.
 */
export async function writeDemoPriceReductions(
  tx: Tx,
  listings: { id: number; price: number | null; sellTypeId: number; publishedAt: Date | null }[],
): Promise<number> {
  const f = new Faker({ locale: [it, en, base], seed: DEMO_DEVELOPMENTS_FAKER_SEED + 1 });
  const day = 86_400_000;
  const windowStart = SEED_EPOCH.getTime() - 60 * day;
  let reduced = 0;
  for (const l of listings) {
    if (l.price === null || l.publishedAt === null) continue;
    const earliest = Math.max(windowStart, l.publishedAt.getTime() + 7 * day);
    const latest = SEED_EPOCH.getTime() - day;
    if (!f.datatype.boolean(0.17) || earliest >= latest) continue;
    const cuts = f.datatype.boolean(0.3) && latest - earliest > 20 * day ? 2 : 1;
    const sale = l.sellTypeId === SELL_TYPE.sale;
    let price = l.price;
    const dates: Date[] = [];
    let from = earliest;
    for (let c = 0; c < cuts; c++) {
      const share = f.number.float({ min: 0.03, max: 0.08 });
      price = sale ? Math.round((price * (1 - share)) / 5000) * 5000 : Math.round((price * (1 - share)) / 10) * 10;
      if (price >= l.price || price <= 0) break;
      // The first cut in the first part of the window, the second after it.
      const until = cuts === 2 && c === 0 ? from + (latest - from) / 2 : latest;
      const at = new Date(f.number.int({ min: from, max: Math.floor(until) }));
      dates.push(at);
      from = at.getTime() + 5 * day;
      await tx.update(properties).set({ price }).where(eq(properties.id, l.id));
    }
    if (dates.length === 0) continue;
    // The trigger stamped now(): the changes get their believable dates, oldest first.
    const changes = await tx
      .select({ id: propertyPriceChanges.id })
      .from(propertyPriceChanges)
      .where(and(eq(propertyPriceChanges.propertyId, l.id), isNotNull(propertyPriceChanges.oldPrice)))
      .orderBy(asc(propertyPriceChanges.id));
    for (const [index, change] of changes.entries()) {
      await tx
        .update(propertyPriceChanges)
        .set({ changedAt: dates[index] })
        .where(eq(propertyPriceChanges.id, change.id));
    }
    await tx
      .update(properties)
      .set({ priceChangedAt: dates[dates.length - 1], updatedAt: dates[dates.length - 1] })
      .where(eq(properties.id, l.id));
    reduced++;
  }
  return reduced;
}
