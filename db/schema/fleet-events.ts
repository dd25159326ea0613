import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tenantColumns, utc } from "./columns";

/**
 * How far each telemetry processor (alerts, trips, automatic driving…) has read a tenant's change
 * sequence (`feed_counters`). A processor's outputs and its checkpoint are written in one
 * transaction, so each committed row is processed exactly once, across restarts and instances.
 */
export const telemetryCheckpoints = pgTable(
  "telemetry_checkpoints",
  {
    ...tenantColumns(),
    processor: text("processor").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    /**
     * For a processor that writes its state less often than its checkpoint (trips): every state it
     * stored is complete through this sequence, and what came after it is rolled forward from the
     * telemetry. Null: the state is as current as `seq`.
     */
    stateSeq: bigint("state_seq", { mode: "number" }),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dataset, t.processor] })],
);
