import { asc, getTableColumns } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { places } from "@/db/schema";
import type { LocatablePlace } from "@/lib/fleet/places/place-geometry";
import { indexPlaces } from "@/lib/fleet/places/place-index";
import { nearestPlaceName } from "@/lib/platform/geo/place-names";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import type { DistanceUnit } from "@/lib/platform/units";

export type TenantPlace = LocatablePlace & { id: number; name: string };

/** The tenant's places (circles and polygons) as they are now, by name. */
export const listTenantPlaces = (db: Executor, tenant: Tenant): Promise<TenantPlace[]> => {
  const { id, name, latitude, longitude, radiusMeters, vertices, minLatitude, maxLatitude, minLongitude, maxLongitude } = getTableColumns(places);
  return db
    .select({ id, name, latitude, longitude, radiusMeters, vertices, minLatitude, maxLatitude, minLongitude, maxLongitude })
    .from(places)
    .where(whereTenant(places, tenant))
    .orderBy(asc(places.name), asc(places.id));
};

/** What the stored address is when the geocoder knew no street there (outside the simulated area): "41.88000, -87.63000". */
const COORDINATES = /^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/;

type Point = { latitude: number; longitude: number; address: string };

/**
 * How a report names where a trip started or ended, or where a vehicle stood: the company's place
 * containing the point (the first by name), else the street address stored with the trip when the
 * geocoder knew one, else the nearest town of the shipped gazetteer in the company's unit ("4 km SW
 * of Potsdam, DE"), else the coordinates. Towns are looked up once per ~100 m cell and report.
 */
export const createPlaceNamer = async ({ db, tenant, unit }: { db: Executor; tenant: Tenant; unit: DistanceUnit }) => {
  const placesAt = indexPlaces(await listTenantPlaces(db, tenant));
  const towns = new Map<string, Promise<string | null>>();
  return async ({ latitude, longitude, address }: Point): Promise<string> => {
    const [place] = placesAt({ latitude, longitude });
    if (place) return place.name;
    if (address && !COORDINATES.test(address)) return address;
    const key = `${latitude.toFixed(3)},${longitude.toFixed(3)}`;
    let town = towns.get(key);
    if (!town) towns.set(key, (town = nearestPlaceName({ latitude, longitude, unit })));
    return (await town) ?? address;
  };
};
