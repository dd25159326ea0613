import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, queryRows } from "@/db/rows";
import { trailerAssignments, vehicles } from "@/db/schema";
import type { TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { distanceSql, findTractor, UNCOUPLED_METERS } from "./detect-coupling";

type Reported = { vehicleId: number; latest: Date };

const openCouplingOf = async (tx: Executor, tenant: Tenant, trailerId: number) => {
  const [open] = await tx
    .select()
    .from(trailerAssignments)
    .where(and(whereTenant(trailerAssignments, tenant), eq(trailerAssignments.trailerId, trailerId), isNull(trailerAssignments.endTime)))
    .for("update");
  return open;
};

/** A trailer that moved: couple it to the tractor it moved with (a driver's assignment keeps its driver and learns the tractor). */
const coupleTrailer = async (tx: Executor, tenant: Tenant, { vehicleId: trailerId, latest }: Reported) => {
  const found = await findTractor({ db: tx, tenant, trailerId, end: latest });
  if (!found) return;
  const open = await openCouplingOf(tx, tenant, trailerId);
  if (open?.vehicleId === found.tractorId) return;
  if (open && open.driverId !== null) {
    // The driver's word stands; detection only names the tractor behind it.
    if (open.vehicleId === null)
      await tx
        .update(trailerAssignments)
        .set({ vehicleId: found.tractorId, updatedAt: sql`now()` })
        .where(eq(trailerAssignments.id, open.id));
    return;
  }
  const startTime = open && open.startTime >= found.since ? new Date(open.startTime.getTime() + 1) : found.since;
  if (open)
    await tx
      .update(trailerAssignments)
      .set({ endTime: startTime, updatedAt: sql`now()` })
      .where(and(eq(trailerAssignments.companyId, tenant.companyId), eq(trailerAssignments.id, open.id)));
  await tx.insert(trailerAssignments).values({ ...tenant, trailerId, vehicleId: found.tractorId, startTime, source: "detected" });
};

/** A tractor that reported: its detected couplings end where it is far from the trailer's latest fix. */
const uncoupleFrom = async (tx: Executor, tenant: Tenant, tractors: readonly Reported[]) => {
  if (tractors.length === 0) return;
  const latest = new Map(tractors.map((tractor) => [tractor.vehicleId, tractor.latest]));
  const apart = await queryRows<{ id: number; vehicle_id: number }>(
    tx,
    sql`select c.id, c.vehicle_id from trailer_assignments c
        join vehicle_state tr on tr.company_id = c.company_id and tr.vehicle_id = c.vehicle_id
        join vehicle_state tl on tl.company_id = c.company_id and tl.vehicle_id = c.trailer_id
        where c.company_id = ${tenant.companyId} and c.dataset = ${tenant.dataset} and c.end_time is null and c.source = 'detected'
          and c.vehicle_id = any(${intArray([...latest.keys()])}) and tr.company_id = ${tenant.companyId} and tl.company_id = ${tenant.companyId}
          and ${distanceSql("tl", "tr")} > ${UNCOUPLED_METERS}`,
  );
  for (const row of apart) {
    await tx
      .update(trailerAssignments)
      .set({ endTime: latest.get(Number(row.vehicle_id)), updatedAt: sql`now()` })
      .where(and(eq(trailerAssignments.companyId, tenant.companyId), eq(trailerAssignments.id, Number(row.id))));
  }
};

/**
 * Trailer coupling, fed each tenant's committed telemetry: a trailer whose tracker moved within 100 m
 * of a tractor for 10 minutes is coupled to it (a `detected` trailer assignment, open); the coupling
 * ends when the tractor reports 500 m or more from the trailer. Reads the stored fixes of the last 10
 * minutes, so a coupling split over many windows is found once its 10 minutes are in.
 */
export const trailerCouplingProcessor: TelemetryProcessor = {
  name: "trailer-coupling",
  startAt: "now",
  minIntervalMs: 30_000,
  process: async ({ tx, tenant, vehicles: reported }) => {
    const moved = reported.filter((vehicle) => vehicle.positions.length > 0);
    if (moved.length === 0) return;
    const kinds = await tx
      .select({ id: vehicles.id, kind: vehicles.assetKind })
      .from(vehicles)
      .where(and(whereTenant(vehicles, tenant), sql`${vehicles.id} = any(${intArray(moved.map((vehicle) => vehicle.vehicleId))})`));
    const trailerIds = new Set(kinds.filter((row) => row.kind === "trailer").map((row) => row.id));
    const latestOf = (vehicle: (typeof moved)[number]): Reported => ({ vehicleId: vehicle.vehicleId, latest: vehicle.positions.at(-1)!.time });
    for (const trailer of moved.filter((vehicle) => trailerIds.has(vehicle.vehicleId))) await coupleTrailer(tx, tenant, latestOf(trailer));
    await uncoupleFrom(tx, tenant, moved.filter((vehicle) => !trailerIds.has(vehicle.vehicleId)).map(latestOf));
  },
};
