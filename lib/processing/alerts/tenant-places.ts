import { sql } from "drizzle-orm";
import { forgetOnDatabaseChange, type Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { places } from "@/db/schema";
import type { LocatablePlace } from "@/lib/fleet/places/place-geometry";
import { indexPlaces } from "@/lib/fleet/places/place-index";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

export type AlertPlace = LocatablePlace & { id: number; name: string; formattedAddress: string };
type Indexed = { version: string; byId: Map<number, AlertPlace>; placesAt: (point: { latitude: number; longitude: number }) => readonly number[] };

/** Most positions lie in no place: one shared answer, not an array a position. */
const NO_PLACES: readonly number[] = Object.freeze([]);

/** Each tenant's places as the alerts processor last read them, with their grid index. */
const indexed = new Map<string, Indexed>();
forgetOnDatabaseChange(() => indexed.clear());

/**
 * The tenant's places, looked up by id and by point (lib/fleet/places/place-index.ts). A batch reads only
 * their version (count, newest change, highest id: any create, edit or delete moves one of them);
 * the places themselves, a thousand polygons, are read and indexed again only when it moved.
 */
export const tenantPlaces = async ({ db, tenant }: { db: Executor; tenant: Tenant }): Promise<Indexed> => {
  const key = `${tenant.companyId}:${tenant.dataset}`;
  const [{ version }] = await queryRows<{ version: string }>(
    db,
    sql`select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || coalesce(max(id), 0) as version from places where company_id =
      ${tenant.companyId} and dataset = ${tenant.dataset}`,
  );
  const known = indexed.get(key);
  if (known?.version === version) return known;
  const list: AlertPlace[] = await db
    .select({
      id: places.id,
      name: places.name,
      formattedAddress: places.formattedAddress,
      latitude: places.latitude,
      longitude: places.longitude,
      radiusMeters: places.radiusMeters,
      vertices: places.vertices,
      minLatitude: places.minLatitude,
      maxLatitude: places.maxLatitude,
      minLongitude: places.minLongitude,
      maxLongitude: places.maxLongitude,
    })
    .from(places)
    .where(whereTenant(places, tenant));
  const index = indexPlaces(list);
  const fresh = {
    version,
    byId: new Map(list.map((place) => [place.id, place])),
    placesAt: (point: { latitude: number; longitude: number }) => {
      const found = index(point);
      return found.length === 0 ? NO_PLACES : found.map((place) => place.id);
    },
  };
  indexed.set(key, fresh);
  return fresh;
};
