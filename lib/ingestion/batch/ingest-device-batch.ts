import type { Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { ingestTelemetry, validatePositionReport, validateStatSample, type PositionReport, type StatSample } from "@/lib/telemetry/store";
import type { Tenant } from "@/lib/platform/tenant";
import { batchPointSchema, MAX_BATCH_POINTS } from "./batch-points";

const pointName = () => "point";
const badPoint = (index: number, message: string) => new AppError("bad_request", `points[${index}]: ${message}`);

/** Parses every point's shape (400 naming the first malformed one); values are checked by ingestTelemetry. */
const toTelemetry = (body: unknown, tenant: Tenant) => {
  if (!Array.isArray(body)) throw new AppError("bad_request", "Request body must be a JSON array of points.");
  if (body.length > MAX_BATCH_POINTS) throw new AppError("payload_too_large", `At most ${MAX_BATCH_POINTS} points per request.`);
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  /** Each point's stats sample, by point index. */
  const statsOf: (StatSample | undefined)[] = [];
  for (let index = 0; index < body.length; index++) {
    const parsed = batchPointSchema.safeParse(body[index]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badPoint(index, `${issue.path.length > 0 ? `"${issue.path.join(".")}" ` : ""}${issue.message}`);
    }
    const { stats: sample, ...fix } = parsed.data;
    const stat: StatSample | undefined = sample && Object.assign(sample, tenant, { vehicleId: fix.vehicleId, time: fix.time });
    positions.push(Object.assign(fix, tenant));
    statsOf.push(stat);
    if (stat) stats.push(stat);
  }
  return { batch: { positions, stats }, statsOf };
};

/**
 * The first bad point in the order they were sent, named by its index: ingestTelemetry checks all
 * positions before any stats, so when it refuses a batch this pass (only then) finds which point
 * comes first. Positions are the points in order; a point's stats follow its fix.
 */
const throwFirstBadPoint = ({ positions, statsOf }: { positions: PositionReport[]; statsOf: (StatSample | undefined)[] }, now: Date) => {
  positions.forEach((position, index) => {
    try {
      validatePositionReport(position, pointName, now.getTime());
      const sample = statsOf[index];
      if (sample) validateStatSample(sample, pointName, now.getTime());
    } catch (error) {
      throw error instanceof AppError ? badPoint(index, error.message.replace(/^point\./, "")) : error;
    }
  });
};

/**
 * POST /ingest/batch: a gateway's points for its token's company and dataset, written by
 * `ingestTelemetry` in one transaction, so the answer (sent after commit) means stored. Resent
 * points are counted as duplicates, never stored twice.
 */
export const ingestDeviceBatch = async ({ db, tenant, body, now = new Date() }: { db: Executor; tenant: Tenant; body: unknown; now?: Date }) => {
  const { batch, statsOf } = toTelemetry(body, tenant);
  try {
    const { accepted, duplicates } = await ingestTelemetry({ db, batch, now });
    return { accepted, duplicates };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "bad_request") throw error;
    // Vehicles are checked after every value, and positions first: positions[i] is points[i].
    const unknown = /^positions\[(\d+)\]: (unknown vehicle .*)$/.exec(error.message);
    if (unknown) throw badPoint(Number(unknown[1]), unknown[2]);
    throwFirstBadPoint({ positions: batch.positions, statsOf }, now);
    throw error;
  }
};
