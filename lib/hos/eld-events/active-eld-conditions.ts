import { and, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { eldEvents } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";
import { isLogged, latestConditionRecords } from "./latest-condition-records";
import { CHECK_SCOPE_MS } from "./service-conditions";

/** A malfunction or data diagnostic logged (type 7 code 1 or 3) and not cleared since, that concerns a driver. */
export type ActiveEldCondition = {
  driverId: number;
  /** The ELD (vehicle) it is of; null: of the driver's logbook and the service (the data transfer's). */
  vehicleId: number | null;
  /** Table 4: P, E, T, L, R, S, O or 1–6. */
  diagnosticCode: string;
  kind: "malfunction" | "diagnostic";
  since: Date;
};

type Latest = { driverId: number | null; vehicleId: number | null; diagnosticCode: string | null; code: number; at: Date };

const isActive = (row: Latest) => isLogged(row.code);
const conditionOf = (driverId: number, row: Latest): ActiveEldCondition => ({
  driverId,
  vehicleId: row.vehicleId,
  diagnosticCode: row.diagnosticCode!,
  kind: row.code === 1 ? "malfunction" : "diagnostic",
  since: row.at,
});

/**
 * The active malfunctions and data diagnostics of each driver, whatever their code: a condition is one ELD's (its
 * vehicle, whichever driver's record logged or cleared it) or, for records with no vehicle, the driver's own; it is
 * active while its latest record logs it. A driver's are those of the vehicle they are in now, of the vehicles on
 * whose records they had one in the roadside period, and their own. Malfunctions first, then oldest first.
 */
export const listActiveEldConditions = async ({
  db,
  companyId,
  dataset,
  drivers,
  now,
}: TenantQuery & { drivers: readonly { driverId: number; vehicleId: number | null }[]; now: Date }): Promise<ActiveEldCondition[]> => {
  if (drivers.length === 0) return [];
  const driverIds = drivers.map((driver) => driver.driverId);
  const conditions = and(eq(eldEvents.companyId, companyId), eq(eldEvents.dataset, dataset), eq(eldEvents.eventType, 7), isNotNull(eldEvents.diagnosticCode));
  const touched = await db
    .selectDistinct({ driverId: eldEvents.driverId, vehicleId: eldEvents.vehicleId })
    .from(eldEvents)
    .where(
      and(conditions, inArray(eldEvents.driverId, driverIds), isNotNull(eldEvents.vehicleId), gte(eldEvents.eventAt, new Date(now.getTime() - CHECK_SCOPE_MS))),
    );
  const vehiclesOf = new Map(drivers.map((driver) => [driver.driverId, new Set(driver.vehicleId === null ? [] : [driver.vehicleId])]));
  for (const row of touched) vehiclesOf.get(row.driverId!)!.add(row.vehicleId!);
  const vehicleIds = [...new Set([...vehiclesOf.values()].flatMap((ids) => [...ids]))];
  const ofVehicles =
    vehicleIds.length === 0
      ? []
      : await latestConditionRecords({
          db,
          companyId,
          dataset,
          per: "vehicle",
          where: and(isNotNull(eldEvents.diagnosticCode), inArray(eldEvents.vehicleId, vehicleIds)),
        });
  const ofDrivers = await latestConditionRecords({
    db,
    companyId,
    dataset,
    per: "driver",
    where: and(isNotNull(eldEvents.diagnosticCode), inArray(eldEvents.driverId, driverIds), isNull(eldEvents.vehicleId)),
  });
  const activeOfVehicles = ofVehicles.filter(isActive);
  return drivers
    .flatMap(({ driverId }) => [
      ...ofDrivers.filter((row) => row.driverId === driverId && isActive(row)).map((row) => conditionOf(driverId, row)),
      ...activeOfVehicles.filter((row) => vehiclesOf.get(driverId)!.has(row.vehicleId!)).map((row) => conditionOf(driverId, row)),
    ])
    .sort((a, b) => a.driverId - b.driverId || Number(b.kind === "malfunction") - Number(a.kind === "malfunction") || a.since.getTime() - b.since.getTime());
};
