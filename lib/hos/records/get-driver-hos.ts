import { findVehicleForDriver, type AssignedRef } from "@/lib/fleet/assignments";
import { getDriver, type DriverRow } from "@/lib/fleet/drivers";
import { buildDailyLogs, computeHosClocks, findHosViolations, type DailyLog, type HosClocks, type HosViolation } from "@/lib/hos/rules";
import type { TenantQuery } from "@/lib/platform/tenant";
import { nearestPlaceName } from "@/lib/platform/geo/place-names";
import type { DistanceUnit } from "@/lib/platform/units";
import { getDistanceUnit } from "@/lib/fleet/company-units";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { hosCalendarOf } from "./compute-drivers-clocks";
import { addDrivingDistances } from "./add-driving-distances";
import { HOS_LOOKBACK_MS, loadDutyLogs, type DutyLogRow } from "./load-duty-logs";

const DAY_MS = 86_400_000;

export type DriverHos = {
  driver: DriverRow;
  clocks: HosClocks;
  /** The driver's days overlapping the last `days` days up to `at`, oldest first, with recaps. */
  dailyLogs: DailyLog[];
  /** Entries from the in-force one at the first day's start up to `at`, oldest first. */
  log: DutyLogRow[];
  violations: HosViolation[];
  /** Names of the vehicles the log entries mention, by vehicle id. */
  vehicleNames: Map<number, string>;
  /** The driver's vehicle at `at` (an assignment, else the static vehicle); null: none. */
  currentVehicle: AssignedRef | null;
};

/** Logs show places, not coordinates (49 CFR 395.26(d)): entries stored without a name get the nearest town's. */
const namePlace = async (entry: DutyLogRow, unit: DistanceUnit): Promise<DutyLogRow> =>
  entry.locationName !== null || entry.latitude === null || entry.longitude === null
    ? entry
    : { ...entry, locationName: await nearestPlaceName({ latitude: entry.latitude, longitude: entry.longitude, unit }) };

/** One driver's HOS at `at`: clocks, the last `days` daily logs with their log entries, and violations. 404 for another tenant's driver. */
export const getDriverHos = async ({
  db,
  companyId,
  dataset,
  driverId,
  at,
  days = 8,
}: TenantQuery & { driverId: number; at: Date; days?: number }): Promise<DriverHos> => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  const from = new Date(at.getTime() - days * DAY_MS);
  const logs = await loadDutyLogs({ db, companyId, dataset, driverIds: [driverId], from: new Date(from.getTime() - HOS_LOOKBACK_MS), to: at });
  const log = await addDrivingDistances({ db, companyId, dataset, log: logs.get(driverId) ?? [], from, until: at });
  const calendar = hosCalendarOf(driver);
  const dailyLogs = buildDailyLogs({ log, from, to: at, ...calendar });
  const firstDayStart = dailyLogs[0]?.startTime ?? from;
  const inForce = log.findLastIndex((entry) => entry.startTime <= firstDayStart);
  const vehicleIds = [...new Set(log.flatMap((entry) => (entry.vehicleId ? [Number(entry.vehicleId)] : [])))];
  const vehicles = vehicleIds.length > 0 ? await listVehicles({ db, companyId, dataset, vehicleIds, archive: "all", limit: vehicleIds.length }) : [];
  const currentVehicle = await findVehicleForDriver({ db, companyId, dataset, driverId, at });
  const unit = await getDistanceUnit({ db, companyId });
  return {
    driver,
    clocks: computeHosClocks({ log, at, ...calendar }),
    dailyLogs,
    log: await Promise.all(log.slice(Math.max(0, inForce)).map((entry) => namePlace(entry, unit))),
    violations: findHosViolations({ log, from: firstDayStart, to: at, driverId: String(driverId), ...calendar }),
    vehicleNames: new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name])),
    currentVehicle,
  };
};
