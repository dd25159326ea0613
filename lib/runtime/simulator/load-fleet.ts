import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { Dataset } from "@/db/schema";
import { DEPOTS } from "@/lib/platform/geo/chicago-grid";
import { DEMO_TRACKERS, demoTrackerOf } from "@/lib/runtime/seed/demo-trackers";
import { CREW_DAY_OFFSETS_MS, type SimVehicle } from "./sim-vehicle";

/** The seed's device ids (`demo-live-1`, `sbox-test-3`, `othr-live-8`, the demo trackers' IMEIs): only vehicles carrying one are simulated. */
const SIMULATED_DEVICE_PATTERN = "^(demo|sbox|othr)-(live|test)-[0-9]+$";
/** Refuse trucks and roll-off tractors run waste jobs; capped so a 10,000-vehicle fleet keeps a sane job table. */
const WASTE_TYPES = ["Refuse truck", "Tractor"];
const MAX_WASTE_VEHICLES = 200;

export type StoredProgress = { time: number; odometer: number | null; engineSeconds: number | null };

/** The simulated vehicles with their drivers, and where each one's stored telemetry ends. */
export const loadFleet = async ({ db, seed }: { db: Executor; seed: number }) => {
  const rows = await queryRows<{
    id: number;
    company_id: number;
    dataset: Dataset;
    type_name: string;
    driver_id: number | null;
    waste: boolean;
    last_time: string | null;
    odometer: number | null;
    engine_seconds: number | null;
    device_id: string;
  }>(
    db,
    sql`select v.id, dv.identifier as device_id, v.company_id, v.dataset, v.type_name, d.id as driver_id, 'Waste' = any(c.modules) as waste,
          greatest(s.location_time, s.stats_time) as last_time, s.odometer_meters as odometer, s.engine_seconds
        from vehicles v
        join devices dv on dv.company_id = v.company_id and dv.vehicle_id = v.id
        join companies c on c.id = v.company_id
        left join lateral (select id from drivers where company_id = v.company_id and static_assigned_vehicle_id = v.id order by id limit 1) d on true
        left join vehicle_state s on s.company_id = v.company_id and s.vehicle_id = v.id
        where dv.identifier ~ ${SIMULATED_DEVICE_PATTERN} or dv.identifier = any(${sql.param(DEMO_TRACKERS.map((tracker) => tracker.imei))}::text[])
        order by v.id`,
  );
  let wasteVehicles = 0;
  return rows.map((row, index) => {
    const wasteJobs = row.waste && row.dataset === "live" && WASTE_TYPES.includes(row.type_name) && wasteVehicles++ < MAX_WASTE_VEHICLES;
    const vehicle: SimVehicle = {
      vehicleId: row.id,
      driverId: row.driver_id,
      companyId: row.company_id,
      dataset: row.dataset,
      faultProtocol: row.type_name === "Van" ? "obdii" : "j1939",
      depot: DEPOTS[index % DEPOTS.length],
      sleeper: row.id % 4 === 0,
      wasteJobs,
      seed,
      tracker: demoTrackerOf(row.device_id),
      // Refuse trucks work days (their stops are the day's waste jobs); the rest rotate crews.
      dayOffsetMs: wasteJobs ? 0 : CREW_DAY_OFFSETS_MS[row.id % CREW_DAY_OFFSETS_MS.length],
    };
    const stored: StoredProgress | null = row.last_time
      ? {
          time: new Date(row.last_time).getTime(),
          odometer: row.odometer === null ? null : Number(row.odometer),
          engineSeconds: row.engine_seconds === null ? null : Number(row.engine_seconds),
        }
      : null;
    return { vehicle, stored };
  });
};
