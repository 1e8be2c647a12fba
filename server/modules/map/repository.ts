import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { districts, municipalities, properties } from '../../db/schema';
import { fromPgPolygon } from '../search/geometry';

export interface TownRow {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface DistrictRow {
  name: string;
  latitude: number;
  longitude: number;
  /** The district's area, [lng, lat] points of its outer ring. */
  ring: [number, number][];
}

export interface StreetPositionRow {
  street: string;
  streetNumber: string | null;
  latitude: number;
  longitude: number;
}

export interface MapRepository {
  towns(): Promise<TownRow[]>;
  districts(): Promise<DistrictRow[]>;
  /** The public exact positions (listings that show their address) in a municipality. */
  streetPositions(istat: string): Promise<StreetPositionRow[]>;
}

export function createMapRepository(db: Db): MapRepository {
  return {
    async towns() {
      const rows = await db
        .select({
          name: municipalities.name,
          latitude: municipalities.latitude,
          longitude: municipalities.longitude,
          population: municipalities.population,
        })
        .from(municipalities)
        .where(and(isNotNull(municipalities.latitude), isNotNull(municipalities.longitude)));
      return rows.map((r) => ({
        name: r.name,
        latitude: r.latitude!,
        longitude: r.longitude!,
        population: r.population ?? 0,
      }));
    },
    async districts() {
      const rows = await db
        .select({
          name: districts.name,
          latitude: districts.latitude,
          longitude: districts.longitude,
          area: districts.area,
        })
        .from(districts);
      return rows.map((r) => ({
        name: r.name,
        latitude: r.latitude,
        longitude: r.longitude,
        ring: fromPgPolygon(r.area).map((p) => [p.longitude, p.latitude] as [number, number]),
      }));
    },
    async streetPositions(istat) {
      const rows = await db
        .select({
          street: properties.street,
          streetNumber: properties.streetNumber,
          latitude: properties.latitude,
          longitude: properties.longitude,
        })
        .from(properties)
        .innerJoin(municipalities, eq(municipalities.id, properties.municipalityId))
        .where(
          and(
            eq(municipalities.istatCode, istat),
            eq(properties.statusId, PROPERTY_STATUS.published),
            eq(properties.showAddress, true),
            isNotNull(properties.street),
            isNotNull(properties.latitude),
            isNotNull(properties.longitude),
          ),
        )
        // The newest positions when a town has more: the same answer each time.
        .orderBy(desc(properties.id))
        .limit(5000);
      return rows.map((r) => ({
        street: r.street!,
        streetNumber: r.streetNumber,
        latitude: r.latitude!,
        longitude: r.longitude!,
      }));
    },
  };
}
