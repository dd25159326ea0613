import type { Tenant } from "@/lib/platform/tenant";
import type { Checkpoint } from "./telemetry-processors";

const keyOf = ({ companyId, dataset }: Tenant) => `${companyId}:${dataset}`;

/**
 * What a telemetry processor wrote in a tenant's last window, kept in this process so the next window
 * need not read it back. It is good exactly when that window starts at the checkpoint the writing
 * transaction committed (sequence and write time name one commit, in one database): after another
 * instance's window, a rolled-back one, or a restart, `recall` gives nothing and the processor reads
 * from the database. `keep` during the window, the processor's `committed` hook after it.
 */
export const processorMemory = <T>() => {
  const known = new Map<string, { checkpoint: Checkpoint; value: T }>();
  const pending = new Map<string, T>();
  return {
    recall: ({ tenant, checkpoint }: { tenant: Tenant; checkpoint: Checkpoint }): T | undefined => {
      const entry = known.get(keyOf(tenant));
      return entry && entry.checkpoint.seq === checkpoint.seq && entry.checkpoint.at.getTime() === checkpoint.at.getTime() ? entry.value : undefined;
    },
    keep: ({ tenant, value }: { tenant: Tenant; value: T }) => void pending.set(keyOf(tenant), value),
    committed: ({ tenant, checkpoint }: { tenant: Tenant; checkpoint: Checkpoint }) => {
      const value = pending.get(keyOf(tenant));
      pending.delete(keyOf(tenant));
      if (value !== undefined) known.set(keyOf(tenant), { checkpoint, value });
    },
  };
};
