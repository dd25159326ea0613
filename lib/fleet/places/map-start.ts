import { sql } from "drizzle-orm";
import { nullableNumber, queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";

/** The box a map opens on (degrees): the fleet's vehicles, else its places, else its home town, else most of the world. */
export type MapStart = { south: number; west: number; north: number; east: number; basis: "vehicles" | "places" | "home" | "world" };

/** About 15 km around a home town: the town and its outskirts. */
const HOME_MARGIN_DEGREES = 0.12;

export const WORLD_START: MapStart = { south: -45, west: -125, north: 65, east: 145, basis: "world" };

/** A town as the box around it. */
export const homeStart = ({ latitude, longitude }: { latitude: number; longitude: number }): MapStart => ({
  south: latitude - HOME_MARGIN_DEGREES,
  north: latitude + HOME_MARGIN_DEGREES,
  west: longitude - HOME_MARGIN_DEGREES * 1.6,
  east: longitude + HOME_MARGIN_DEGREES * 1.6,
  basis: "home",
});

type Box = { south: unknown; west: unknown; north: unknown; east: unknown };

const boxOf = (row: Box | undefined, basis: MapStart["basis"]): MapStart | null => {
  const [south, west, north, east] = [row?.south, row?.west, row?.north, row?.east].map(nullableNumber);
  return south === null || west === null || north === null || east === null ? null : { south, west, north, east, basis };
};

/**
 * The company's home town (set at setup or in Company settings), else most of the world: where a public
 * share link's page opens before its vehicle reports, as it shows nothing of the rest of the fleet.
 */
export const findHomeStart = async ({ db, companyId }: Pick<TenantQuery, "db" | "companyId">): Promise<MapStart> => {
  const [home] = await queryRows<{ latitude: unknown; longitude: unknown }>(
    db,
    sql`select home_latitude as latitude, home_longitude as longitude from companies where id = ${companyId}`,
  );
  const [latitude, longitude] = [nullableNumber(home?.latitude), nullableNumber(home?.longitude)];
  return latitude === null || longitude === null ? WORLD_START : homeStart({ latitude, longitude });
};

/**
 * Where the tenant's maps open: the box around its vehicles' last positions, else around its places, else
 * its home town (set at setup or in Company settings), else most of the world. `placesFirst` (the Places
 * page) swaps the first two.
 */
export const findMapStart = async ({ db, companyId, dataset, placesFirst = false }: TenantQuery & { placesFirst?: boolean }): Promise<MapStart> => {
  const vehicles = async () =>
    boxOf(
      (
        await queryRows<Box>(
          db,
          sql`select min(s.latitude) as south, min(s.longitude) as west, max(s.latitude) as north, max(s.longitude) as east
            from vehicle_state s join vehicles v on v.company_id = s.company_id and v.id = s.vehicle_id and v.archived_at is null
            where s.company_id = ${companyId} and s.dataset = ${dataset} and s.latitude is not null`,
        )
      )[0],
      "vehicles",
    );
  const places = async () =>
    boxOf(
      (
        await queryRows<Box>(
          db,
          sql`select min(min_latitude) as south, min(min_longitude) as west, max(max_latitude) as north, max(max_longitude) as east
            from places where company_id = ${companyId} and dataset = ${dataset}`,
        )
      )[0],
      "places",
    );
  for (const find of placesFirst ? [places, vehicles] : [vehicles, places]) {
    const found = await find();
    if (found) return found;
  }
  return findHomeStart({ db, companyId });
};
