import type { Database } from "@/db/client";
import type { Dataset } from "@/db/schema";
import { ingestTelemetry, type StatSample } from "@/lib/telemetry/store";
import type { Tenant } from "@/lib/platform/tenant";

export type TestPosition = { vehicleId: number; time: Date; latitude: number; longitude: number; speed?: number; heading?: number };
export type TestStat = Omit<StatSample, keyof Tenant>;

/**
 * Writes one tenant's telemetry through the ingestion service (feed counter lock, vehicle_state), as devices do.
 * `now` is what the times are checked against (retention, future): give one with fixed-date data.
 */
export const writeTelemetry = ({
  db,
  companyId,
  dataset,
  positions = [],
  stats = [],
  now,
}: {
  db: Database;
  companyId: number;
  dataset: Dataset;
  positions?: readonly TestPosition[];
  stats?: readonly TestStat[];
  now?: Date;
}) =>
  ingestTelemetry({
    db,
    now,
    batch: { positions: positions.map((p) => ({ ...p, companyId, dataset })), stats: stats.map((s) => ({ ...s, companyId, dataset })) },
  });
