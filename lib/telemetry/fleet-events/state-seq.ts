import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { telemetryCheckpoints } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

const ofProcessor = (tenant: Tenant, processor: string) =>
  and(eq(telemetryCheckpoints.companyId, tenant.companyId), eq(telemetryCheckpoints.dataset, tenant.dataset), eq(telemetryCheckpoints.processor, processor));

/**
 * Where a processor that writes its state less often than its checkpoint (telemetry_checkpoints.state_seq)
 * has every stored state complete through: its checkpoint when it never said otherwise.
 */
export const readStateSeq = async ({ db, tenant, processor }: { db: Executor; tenant: Tenant; processor: string }) => {
  const [row] = await db
    .select({ seq: telemetryCheckpoints.seq, stateSeq: telemetryCheckpoints.stateSeq })
    .from(telemetryCheckpoints)
    .where(ofProcessor(tenant, processor));
  return row?.stateSeq ?? row?.seq ?? 0;
};

/** Records, in the window's transaction (which holds the checkpoint row), that every stored state is complete through `seq`. */
export const writeStateSeq = async ({ db, tenant, processor, seq }: { db: Executor; tenant: Tenant; processor: string; seq: number }) => {
  await db.update(telemetryCheckpoints).set({ stateSeq: seq }).where(ofProcessor(tenant, processor));
};
