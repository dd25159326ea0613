import { and, eq, gte, lte, min } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

/**
 * How far back a processor that starts "now" reaches into a tenant it meets for the first time: what the fleet did in
 * these last minutes is happening now (a new company's first drive, whose points may all be committed before the
 * processor's next run), what came before is history.
 */
export const RECENT_TELEMETRY_MS = 10 * 60_000;

/**
 * The checkpoint a processor (starting at `startAt`) starts a tenant at, when it has none: the beginning, or for a processor that starts "now"
 * just before the first row (by change sequence, up to `headSeq`) of the last RECENT_TELEMETRY_MS by its device time,
 * else the head. Starting at the head alone dropped a new company's first points when they were all committed before
 * the processor first saw the company: its first drive wrote no Driving and raised no alert.
 */
export const firstCheckpointSeq = async ({
  db,
  tenant,
  startAt,
  headSeq,
  now = new Date(),
}: {
  db: Executor;
  tenant: Tenant;
  startAt: "beginning" | "now";
  headSeq: number;
  now?: Date;
}) => {
  if (startAt === "beginning") return 0;
  const since = new Date(now.getTime() - RECENT_TELEMETRY_MS);
  const firsts = await Promise.all(
    [vehiclePositions, vehicleStatSamples].map(
      async (table) =>
        (
          await db
            .select({ seq: min(table.seq) })
            .from(table)
            .where(and(eq(table.companyId, tenant.companyId), eq(table.dataset, tenant.dataset), gte(table.time, since), lte(table.seq, headSeq)))
        )[0]?.seq ?? headSeq + 1,
    ),
  );
  return Math.min(...firsts) - 1;
};
