import type { Executor } from "@/db/client";
import { processorMemory } from "@/lib/fleet-events/processor-memory";
import type { Checkpoint } from "@/lib/fleet-events/telemetry-processors";
import type { Tenant } from "@/lib/tenant";
import type { DetectorStateRow } from "./detector-state-row";
import { readDetectorStates } from "./detector-states";

/** The detector states the trip processor wrote last (lib/fleet-events/processor-memory.ts). */
export const detectorStatesMemory = processorMemory<Map<number, DetectorStateRow>>();

/**
 * The vehicles' stored states: those this process wrote last, when still current (the window starts
 * at the checkpoint their transaction committed), the others read (readDetectorStates). `remember`
 * takes the rows this window writes. One instance following its tenants reads no state back after
 * its first window.
 */
export const knownDetectorStates = async ({ db, tenant, checkpoint, vehicleIds }: { db: Executor; tenant: Tenant; checkpoint: Checkpoint; vehicleIds: readonly number[] }) => {
  const known = new Map(detectorStatesMemory.recall({ tenant, checkpoint }) ?? []);
  const missing = vehicleIds.filter((vehicleId) => !known.has(vehicleId));
  const read = missing.length > 0 ? await readDetectorStates({ db, tenant, vehicleIds: missing }) : new Map<number, DetectorStateRow>();
  const stored = new Map<number, DetectorStateRow>();
  for (const vehicleId of vehicleIds) {
    const row = known.get(vehicleId) ?? read.get(vehicleId);
    if (row) stored.set(vehicleId, row);
  }
  const remember = (rows: readonly DetectorStateRow[]) => {
    for (const row of read.values()) known.set(row.vehicleId, row);
    for (const row of rows) known.set(row.vehicleId, row);
    detectorStatesMemory.keep({ tenant, value: known });
  };
  return { stored, remember };
};
