import type { Database } from "@/db/client";
import type { Dataset } from "@/db/schema";
import { ingestTelemetry, type StatSample, type TelemetryTenant } from "@/lib/telemetry";

export type TestPosition = { vehicleId: number; time: Date; latitude: number; longitude: number; speed?: number; heading?: number };
export type TestStat = Omit<StatSample, keyof TelemetryTenant>;

/** Writes one tenant's telemetry through the ingestion service (feed counter lock, vehicle_state), as devices do. */
export const writeTelemetry = ({ db, companyId, dataset, positions = [], stats = [] }: {
  db: Database;
  companyId: number;
  dataset: Dataset;
  positions?: readonly TestPosition[];
  stats?: readonly TestStat[];
}) =>
  ingestTelemetry({
    db,
    batch: { positions: positions.map((p) => ({ ...p, companyId, dataset })), stats: stats.map((s) => ({ ...s, companyId, dataset })) },
  });
