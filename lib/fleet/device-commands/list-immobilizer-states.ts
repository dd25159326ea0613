import { and, asc, eq, gt, gte, inArray, lt, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { deviceCommands } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";

/** A change of a vehicle's immobilizer the device confirmed: `immobilized` after an engine stop, not after a resume. */
export type ImmobilizerState = { id: number; vehicleId: number; at: Date; immobilized: boolean };

/**
 * The immobilizer changes the vehicles' trackers answered in [from, to), oldest first, after the
 * (time, id) position `after`: a relay's state is what the device confirmed, not what was asked.
 */
export const listImmobilizerStates = async ({
  db,
  companyId,
  dataset,
  vehicleIds,
  from,
  to,
  after,
  limit,
}: TenantQuery & { db: Executor; vehicleIds: number[]; from: Date; to: Date; after?: { at: Date; id: number }; limit: number }): Promise<
  ImmobilizerState[]
> => {
  const rows = await db
    .select({ id: deviceCommands.id, vehicleId: deviceCommands.vehicleId, at: deviceCommands.answeredAt, kind: deviceCommands.kind })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.companyId, companyId),
        eq(deviceCommands.dataset, dataset),
        inArray(deviceCommands.vehicleId, vehicleIds),
        inArray(deviceCommands.kind, ["engineStop", "engineResume"]),
        eq(deviceCommands.status, "answered"),
        gte(deviceCommands.answeredAt, from),
        lt(deviceCommands.answeredAt, to),
        after ? or(gt(deviceCommands.answeredAt, after.at), and(eq(deviceCommands.answeredAt, after.at), gt(deviceCommands.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(deviceCommands.answeredAt), asc(deviceCommands.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, vehicleId: row.vehicleId, at: row.at!, immobilized: row.kind === "engineStop" }));
};
