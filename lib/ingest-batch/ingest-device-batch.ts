import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { AppError } from "@/lib/errors";
import { ingestTelemetry, validateTelemetryBatch, type PositionReport, type StatSample } from "@/lib/telemetry";
import type { Tenant } from "@/lib/tenant";
import { batchPointSchema, MAX_BATCH_POINTS } from "./batch-points";

const badPoint = (index: number, message: string) => new AppError("bad_request", `points[${index}]: ${message}`);

/** Parses and checks every point, naming the first bad one by its index; nothing is written unless all are good. */
const toTelemetry = (body: unknown, tenant: Tenant, now: Date) => {
  if (!Array.isArray(body)) throw new AppError("bad_request", "Request body must be a JSON array of points.");
  if (body.length > MAX_BATCH_POINTS) throw new AppError("payload_too_large", `At most ${MAX_BATCH_POINTS} points per request.`);
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  body.forEach((raw, index) => {
    const parsed = batchPointSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badPoint(index, `${issue.path.length > 0 ? `"${issue.path.join(".")}" ` : ""}${issue.message}`);
    }
    const { stats: sample, ...fix } = parsed.data;
    const position = { ...tenant, ...fix };
    const stat = sample ? { ...tenant, vehicleId: fix.vehicleId, time: fix.time, ...sample } : undefined;
    try {
      validateTelemetryBatch({ batch: { positions: [position], stats: stat ? [stat] : [] }, now });
    } catch (error) {
      throw error instanceof AppError ? badPoint(index, error.message.replace(/^(positions|stats)\[0\]\./, "")) : error;
    }
    positions.push(position);
    if (stat) stats.push(stat);
  });
  return { positions, stats };
};

/** The first point naming a vehicle outside the token's company and dataset: 400 with its index. */
const checkVehicles = async (db: Executor, tenant: Tenant, positions: PositionReport[]) => {
  const ids = [...new Set(positions.map((p) => p.vehicleId))];
  if (ids.length === 0) return;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from vehicles where id = any(${`{${ids.join(",")}}`}::int[]) and company_id = ${tenant.companyId} and dataset = ${tenant.dataset}`,
  );
  const known = new Set(rows.map((row) => Number(row.id)));
  const index = positions.findIndex((p) => !known.has(p.vehicleId));
  if (index >= 0) throw badPoint(index, `unknown vehicle ${positions[index].vehicleId}.`);
};

/**
 * POST /ingest/batch: a gateway's points for its token's company and dataset, written by
 * `ingestTelemetry` in one transaction, so the answer (sent after commit) means stored. Resent
 * points are counted as duplicates, never stored twice.
 */
export const ingestDeviceBatch = async ({ db, tenant, body, now = new Date() }: { db: Executor; tenant: Tenant; body: unknown; now?: Date }) => {
  const batch = toTelemetry(body, tenant, now);
  await checkVehicles(db, tenant, batch.positions);
  return ingestTelemetry({ db, batch, now });
};
