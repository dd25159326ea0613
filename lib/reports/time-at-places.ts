import type { Executor } from "@/db/client";
import { containsPoint } from "@/lib/fleet/places/place-geometry";
import type { Tenant } from "@/lib/platform/tenant";
import { listTenantPlaces } from "./place-namer";
import type { Report, ReportRow } from "./report-table";
import type { Stop } from "./stops-between";

const MINUTE_MS = 60_000;

/**
 * Per vehicle and place: the visits (stops whose point lies in the place's circle or polygon, by
 * the places as they are now) and the time stood there. A stop in two overlapping places counts in
 * both; a stop at no place is in no row.
 */
export const timeAtPlacesRows = async ({
  db,
  tenant,
  stops,
  vehicleName,
}: {
  db: Executor;
  tenant: Tenant;
  stops: readonly Stop[];
  vehicleName: (id: number) => string;
}): Promise<Omit<Report, "totals" | "units">> => {
  const tenantPlaces = await listTenantPlaces(db, tenant);
  const visits = new Map<string, { vehicleId: number; place: string; visits: number; ms: number }>();
  for (const stop of stops) {
    for (const place of tenantPlaces) {
      if (!containsPoint(place, stop)) continue;
      const key = `${stop.vehicleId}|${place.id}`;
      const entry = visits.get(key) ?? { vehicleId: stop.vehicleId, place: place.name, visits: 0, ms: 0 };
      entry.visits += 1;
      entry.ms += stop.end.getTime() - stop.start.getTime();
      visits.set(key, entry);
    }
  }
  return {
    title: "Time at places",
    columns: [
      { key: "vehicle", label: "Vehicle", format: "text" },
      { key: "place", label: "Place", format: "text" },
      { key: "visits", label: "Visits", format: "count", total: "sum" },
      { key: "minutes", label: "Time inside (min)", format: "minutes", total: "sum" },
    ],
    rows: [...visits.values()]
      .sort((a, b) => vehicleName(a.vehicleId).localeCompare(vehicleName(b.vehicleId)) || a.place.localeCompare(b.place))
      .map((entry): ReportRow => ({
        vehicle: vehicleName(entry.vehicleId),
        place: entry.place,
        visits: entry.visits,
        minutes: Math.round((entry.ms / MINUTE_MS) * 10) / 10,
      })),
  };
};
