import type { Executor } from "@/db/client";
import { processorMemory } from "@/lib/telemetry/fleet-events/processor-memory";
import { readCommittedTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { readStateSeq, writeStateSeq } from "@/lib/telemetry/fleet-events/state-seq";
import type { Checkpoint } from "@/lib/telemetry/fleet-events/telemetry-processors";
import type { Tenant } from "@/lib/platform/tenant";
import type { ActivitySettings } from "./activity-detector";
import { continueVehicle, lastRowTime } from "./continue-vehicle";
import { fromDetectorStateRow, toDetectorStateRow, type DetectorStateRow } from "./detector-state-row";
import { readDetectorStates, saveDetectorStates } from "./detector-states";

/** The tenant's detector states as of a checkpoint: every vehicle's newest row, those not written yet, and how much is unwritten. */
type Known = { rows: Map<number, DetectorStateRow>; unwritten: Set<number>; writtenAt: number; rowsSinceWrite: number };

/** The detector states the trip processor holds (lib/telemetry/fleet-events/processor-memory.ts). */
export const detectorStatesMemory = processorMemory<Known>();

/**
 * The states are written when this long has passed or this many rows were processed since the last
 * write: every report changes its vehicle's state, and writing a whole fleet's every window was a
 * quarter of the processor's cost (docs/scaling.md). A process that continues from the stored states
 * rolls them forward over at most that much telemetry.
 */
export const WRITE_STATES_EVERY_MS = 10_000;
const WRITE_STATES_EVERY_ROWS = 250_000;

export const TRIP_PROCESSOR = "trips";

/**
 * The states as of `checkpoint` without this process's memory of them (after a restart, another
 * instance's window, or a rolled-back one): the stored rows, each complete through its own `seq`,
 * carried forward over the telemetry committed since the last write (telemetry_checkpoints.state_seq).
 * Those rows were processed already, and what they closed is stored: only the states are wanted. They
 * come in order after each vehicle's stored state: a vehicle whose window replayed late points had its
 * state written in that window.
 */
const rollForward = async ({
  db,
  tenant,
  checkpoint,
  settings,
}: {
  db: Executor;
  tenant: Tenant;
  checkpoint: Checkpoint;
  settings: ActivitySettings;
}): Promise<Known> => {
  const known: Known = { rows: new Map(), unwritten: new Set(), writtenAt: -Infinity, rowsSinceWrite: 0 };
  const stateSeq = await readStateSeq({ db, tenant, processor: TRIP_PROCESSOR });
  if (stateSeq >= checkpoint.seq) return known;
  const since = await readCommittedTelemetry({ db, tenant, afterSeq: stateSeq, throughSeq: checkpoint.seq });
  const stored = await readDetectorStates({ db, tenant, vehicleIds: since.map((vehicle) => vehicle.vehicleId) });
  for (const vehicle of since) {
    const row = stored.get(vehicle.vehicleId);
    const after = ({ seq }: { seq: number }) => seq > (row?.seq ?? 0);
    const telemetry = { positions: vehicle.positions.filter(after), stats: vehicle.stats.filter(after) };
    if (telemetry.positions.length + telemetry.stats.length === 0) continue;
    const { state } = continueVehicle({ telemetry, state: row ? fromDetectorStateRow(row) : null, settings });
    known.rows.set(
      vehicle.vehicleId,
      toDetectorStateRow({
        vehicleId: vehicle.vehicleId,
        state,
        seq: checkpoint.seq,
        lastTime: Math.max(row?.lastTimeMs ?? -Infinity, lastRowTime(telemetry)),
      }),
    );
    known.unwritten.add(vehicle.vehicleId);
  }
  return known;
};

/**
 * The vehicles' states as of `checkpoint`: those this process holds, when its last window ended
 * there, else rolled forward from the stored ones; vehicles not among them are read. `save` takes
 * the window's new rows and writes what must be: the vehicles whose late points were replayed at
 * once, and all unwritten states when due (with telemetry_checkpoints.state_seq) — in the window's
 * transaction either way. One instance following its tenants reads no state back after its first window.
 */
export const knownDetectorStates = async ({
  db,
  tenant,
  checkpoint,
  vehicleIds,
  settings,
}: {
  db: Executor;
  tenant: Tenant;
  checkpoint: Checkpoint;
  vehicleIds: readonly number[];
  settings: ActivitySettings;
}) => {
  const recalled = detectorStatesMemory.recall({ tenant, checkpoint });
  // A copy: the memory must stay as of its checkpoint should this window roll back.
  const known: Known = recalled
    ? { ...recalled, rows: new Map(recalled.rows), unwritten: new Set(recalled.unwritten) }
    : await rollForward({ db, tenant, checkpoint, settings });
  const missing = vehicleIds.filter((vehicleId) => !known.rows.has(vehicleId));
  if (missing.length > 0) for (const [vehicleId, row] of await readDetectorStates({ db, tenant, vehicleIds: missing })) known.rows.set(vehicleId, row);
  const save = async ({
    rows,
    replayed,
    throughSeq,
    rowCount,
  }: {
    rows: readonly DetectorStateRow[];
    replayed: ReadonlySet<number>;
    throughSeq: number;
    rowCount: number;
  }) => {
    for (const row of rows) {
      known.rows.set(row.vehicleId, row);
      known.unwritten.add(row.vehicleId);
    }
    known.rowsSinceWrite += rowCount;
    const due = Date.now() - known.writtenAt >= WRITE_STATES_EVERY_MS || known.rowsSinceWrite >= WRITE_STATES_EVERY_ROWS;
    const written = due ? [...known.unwritten] : [...replayed];
    await saveDetectorStates({ db, tenant, rows: written.map((vehicleId) => known.rows.get(vehicleId)!) });
    for (const vehicleId of written) known.unwritten.delete(vehicleId);
    if (due) {
      await writeStateSeq({ db, tenant, processor: TRIP_PROCESSOR, seq: throughSeq });
      known.writtenAt = Date.now();
      known.rowsSinceWrite = 0;
    }
    detectorStatesMemory.keep({ tenant, value: known });
  };
  return { stored: known.rows as ReadonlyMap<number, DetectorStateRow>, save };
};
