import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivingDetectorStates } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { monitorStateOf, storedMonitorState, type EldMonitorState } from "./monitor-state";

/**
 * The monitor states of `vehicleIds` that have one, their rows locked until the caller's transaction ends: the
 * automatic-driving window and an acceptance of unidentified driving both change a state's codes, and neither may
 * save a copy read before the other committed. Taken before the caller records events (each takes its vehicle's
 * sequence row), so the two lock in the same order.
 */
export const lockMonitorStates = async ({ tx, tenant, vehicleIds }: { tx: Executor; tenant: Tenant; vehicleIds: readonly number[] }) => {
  if (vehicleIds.length === 0) return new Map<number, EldMonitorState>();
  const rows = await tx
    .select({ vehicleId: drivingDetectorStates.vehicleId, eldMonitors: drivingDetectorStates.eldMonitors })
    .from(drivingDetectorStates)
    .where(
      and(
        eq(drivingDetectorStates.companyId, tenant.companyId),
        eq(drivingDetectorStates.dataset, tenant.dataset),
        inArray(drivingDetectorStates.vehicleId, [...vehicleIds]),
      ),
    )
    .orderBy(drivingDetectorStates.vehicleId)
    .for("update");
  return new Map(rows.map((row) => [row.vehicleId, monitorStateOf(row.eldMonitors)]));
};

/** Saves one vehicle's monitor state outside the automatic-driving window (its row locked by `lockMonitorStates`). */
export const saveMonitorState = async ({ tx, tenant, vehicleId, state }: { tx: Executor; tenant: Tenant; vehicleId: number; state: EldMonitorState }) => {
  await tx
    .update(drivingDetectorStates)
    .set({ eldMonitors: storedMonitorState(state) })
    .where(
      and(
        eq(drivingDetectorStates.companyId, tenant.companyId),
        eq(drivingDetectorStates.dataset, tenant.dataset),
        eq(drivingDetectorStates.vehicleId, vehicleId),
      ),
    );
};
