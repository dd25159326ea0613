import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { ingestTelemetry, validatePositionReport, validateStatSample, type PositionReport, type StatSample } from "@/lib/telemetry";
import type { Tenant } from "@/lib/tenant";
import { batchPointSchema, MAX_BATCH_POINTS } from "./batch-points";

const badPoint = (index: number, message: string) => new AppError("bad_request", `points[${index}]: ${message}`);

/** Parses and checks every point, naming the first bad one by its index; nothing is written unless all are good. */
const toTelemetry = (body: unknown, tenant: Tenant, now: Date) => {
  if (!Array.isArray(body)) throw new AppError("bad_request", "Request body must be a JSON array of points.");
  if (body.length > MAX_BATCH_POINTS) throw new AppError("payload_too_large", `At most ${MAX_BATCH_POINTS} points per request.`);
  const nowMs = now.getTime();
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  for (let index = 0; index < body.length; index++) {
    const parsed = batchPointSchema.safeParse(body[index]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badPoint(index, `${issue.path.length > 0 ? `"${issue.path.join(".")}" ` : ""}${issue.message}`);
    }
    const { stats: sample, ...fix } = parsed.data;
    const position: PositionReport = Object.assign(fix, tenant);
    const stat: StatSample | undefined = sample && Object.assign(sample, tenant, { vehicleId: fix.vehicleId, time: fix.time });
    try {
      validatePositionReport(position, "point", nowMs);
      if (stat) validateStatSample(stat, "point", nowMs);
    } catch (error) {
      throw error instanceof AppError ? badPoint(index, error.message.replace(/^point\./, "")) : error;
    }
    positions.push(position);
    if (stat) stats.push(stat);
  }
  return { positions, stats };
};

/**
 * POST /ingest/batch: a gateway's points for its token's company and dataset, written by
 * `ingestTelemetry` in one transaction, so the answer (sent after commit) means stored. Resent
 * points are counted as duplicates, never stored twice.
 */
export const ingestDeviceBatch = async ({ db, tenant, body, now = new Date() }: { db: Executor; tenant: Tenant; body: unknown; now?: Date }) => {
  const batch = toTelemetry(body, tenant, now);
  try {
    return await ingestTelemetry({ db, batch, now });
  } catch (error) {
    // Positions are the points in order, and ingestTelemetry checks positions' vehicles first (stats share them).
    const unknown = error instanceof AppError ? /^positions\[(\d+)\]: (unknown vehicle .*)$/.exec(error.message) : null;
    throw unknown ? badPoint(Number(unknown[1]), unknown[2]) : error;
  }
};
