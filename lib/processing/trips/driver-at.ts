import type { Executor } from "@/db/client";
import { findDriversDuring } from "@/lib/fleet/assignments";
import type { Tenant } from "@/lib/platform/tenant";
import type { DetectedActivity } from "./activity-detector";

/**
 * Who drove each vehicle at the start of each trip, idle and speeding interval a batch found: the
 * driver–vehicle assignments (lib/fleet/assignments: the assignment covering that instant, else the static
 * driver), read once for the batch's vehicles over the span of those start times, not once per event.
 */
export const driversAt = async ({ db, tenant, found }: { db: Executor; tenant: Tenant; found: ReadonlyMap<number, DetectedActivity> }) => {
  const starts = [...found.values()].flatMap(({ trips, idles, speedings }) => [...trips, ...idles, ...speedings].map((event) => event.startTime));
  const vehicleIds = [...found].flatMap(([vehicleId, activity]) =>
    activity.trips.length + activity.idles.length + activity.speedings.length > 0 ? [vehicleId] : [],
  );
  if (vehicleIds.length === 0) return () => null;
  const driverAt = await findDriversDuring({
    db,
    ...tenant,
    vehicleIds,
    range: { start: new Date(starts.reduce((a, b) => Math.min(a, b))), end: new Date(starts.reduce((a, b) => Math.max(a, b))) },
  });
  return (vehicleId: number, at: number): number | null => driverAt(vehicleId, at)?.driverId ?? null;
};
