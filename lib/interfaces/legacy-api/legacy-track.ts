import type { Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import { parseTimeRange } from "@/lib/platform/time-range";
import { chooseBucketSeconds } from "@/lib/telemetry/vehicle-history/bucket-width";
import { findGpsHistory } from "@/lib/telemetry/vehicle-history/find-gps-history";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { findVehicleIdsByVin } from "@/lib/fleet/vehicles/find-vehicle-ids-by-vin";
import type { LegacyCaller } from "./authenticate-legacy-request";
import { toLegacyGpsPoint, toLegacyLocationPoint } from "./legacy-records";

/** About one request a minute per (company, asset, endpoint) (interface.md section 8). */
export const LEGACY_TRACK_RATE_LIMIT = { capacity: 1, refillPerSecond: 1 / 60 };

type TrackOptions = { db: Executor; caller: LegacyCaller; kind: "location" | "gps"; vin: string; from?: string; to?: string };

/**
 * GET /api/v1/assets/location (2.3) and /gps (2.4): one asset's breadcrumb over at most 35 days,
 * downsampled in SQL to at most ~1,000 points (raw fixes over short ranges). Checks run in the
 * order a client can act on: range (400), asset (404), then the shared per-asset limit (429).
 */
export const findLegacyTrack = async ({ db, caller, kind, vin, from, to }: TrackOptions) => {
  const range = parseTimeRange({ start: from, end: to, names: ["from", "to"] });
  const tenant = { db, companyId: caller.companyId, dataset: caller.dataset };
  const vehicleId = (await findVehicleIdsByVin({ ...tenant, vins: [vin] })).get(vin);
  if (vehicleId === undefined) throw new AppError("not_found", `Asset with VIN ${vin} not found.`);
  await enforceRateLimit({
    db,
    key: `legacy:${kind}:${caller.companyId}:${vehicleId}`,
    rule: LEGACY_TRACK_RATE_LIMIT,
    message: `At most one ${kind} request per minute per asset. Retry after the number of seconds in Retry-After.`,
  });
  const bucketSeconds = chooseBucketSeconds({ range });
  if (kind === "location") {
    const points = await findLocationHistory({ ...tenant, vehicleIds: [vehicleId], range, bucketSeconds });
    return points.map(toLegacyLocationPoint);
  }
  return (await findGpsHistory({ ...tenant, vehicleId, range, bucketSeconds })).map(toLegacyGpsPoint);
};
