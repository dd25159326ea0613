import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { publishFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event";
import { distanceMeters } from "@/lib/platform/geo/distance";
import { ROLLUP_WATERMARK_LOCK } from "./rollup-watermark-lock";
import { insertPositions, insertStats } from "./ingest-statements";
import { packRecords, type NumberColumn, type PackedRows } from "./pack-records";
import { ensurePartitions } from "./partitions";
import { validateSafetyEvents, writeSafetyEvents } from "./safety-events";
import { POSITION_FIELDS, STAT_FIELDS, type TelemetryBatch, type TelemetryRecord } from "./telemetry-batch";
import type { Tenant } from "@/lib/platform/tenant";

export type IngestResult = {
  accepted: { positions: number; stats: number };
  /** Points already stored for that vehicle and time (a resend): skipped, not stored twice. */
  duplicates: { positions: number; stats: number };
  /** Safety events stored (a resend's, or one without any known place, are not). */
  safetyEvents: number;
};

/** Meters from each vehicle's previous position in the batch, where the device did not send them (its first is left to the statement). */
const fillDistances = (rows: PackedRows) => {
  const { vehicleId, latitude, longitude, distance } = rows.columns as Record<string, NumberColumn>;
  const previous = new Map<number, number>();
  for (let k = 0; k < rows.count; k++) {
    const before = previous.get(vehicleId[k]);
    previous.set(vehicleId[k], k);
    if (Number.isNaN(distance[k]) && before !== undefined) {
      distance[k] = distanceMeters({ latitude: latitude[before], longitude: longitude[before] }, { latitude: latitude[k], longitude: longitude[k] });
    }
  }
  return rows;
};

const sameTenant = (a: Tenant, b: Tenant) => a.companyId === b.companyId && a.dataset === b.dataset;

/** 400 naming the first record (by its index in the batch) whose vehicle its tenant does not own. */
const unknownVehicle = ({
  records,
  tenant,
  unowned,
  kind,
}: {
  records: readonly TelemetryRecord[];
  tenant: Tenant;
  unowned: number[];
  kind: "positions" | "stats" | "events";
}) => {
  const index = records.findIndex((record) => record.companyId === tenant.companyId && record.dataset === tenant.dataset && unowned.includes(record.vehicleId));
  return new AppError("bad_request", `${kind}[${index}]: unknown vehicle ${records[index]?.vehicleId}.`);
};

/**
 * THE write path of all telemetry (simulator, device ingestion, gateways). One transaction: the
 * raw rows, each vehicle's latest state, the tenants' change sequence numbers, and a fleet event per
 * tenant (lib/telemetry/fleet-events) that every instance hears on commit. A whole batch is
 * a handful of set-based statements, whatever its size; the rows are prepared before the
 * transaction, so the tenant's counter lock is held only while PostgreSQL writes. Resent points
 * (same vehicle and time) are counted as duplicates and not stored again. Bad values, and vehicles
 * the named tenant does not own, reject the whole batch with 400. Safety events (harsh driving, crashes)
 * are written after the tenant's positions, so an event without a fix takes its vehicle's latest place.
 *
 * Pass the root database handle, or a transaction to make the write part of the caller's (it then
 * runs in a savepoint).
 */
export const ingestTelemetry = async ({ db, batch, now = new Date() }: { db: Executor; batch: TelemetryBatch; now?: Date }): Promise<IngestResult> => {
  const positions = batch.positions ?? [];
  const stats = batch.stats ?? [];
  const positionGroups = packRecords({ records: positions, fields: POSITION_FIELDS, kind: "positions", nowMs: now.getTime() }).map(fillDistances);
  const statGroups = packRecords({ records: stats, fields: STAT_FIELDS, kind: "stats", nowMs: now.getTime() });
  const events = batch.events ?? [];
  validateSafetyEvents(events, now.getTime());
  if (positions.length + stats.length + events.length === 0)
    return { accepted: { positions: 0, stats: 0 }, duplicates: { positions: 0, stats: 0 }, safetyEvents: 0 };
  const groups = [...positionGroups, ...statGroups];
  // Outside the transaction on purpose: the partition memo must never record DDL that a rollback undid.
  if (groups.length > 0)
    await ensurePartitions({
      db,
      from: new Date(Math.min(...groups.map((group) => group.first))),
      to: new Date(Math.max(...groups.map((group) => group.last))),
    });
  // Each tenant once, in a fixed (company, dataset) order, so that concurrent writers lock their counters without deadlocks.
  const tenants = [...groups.map((group) => group.tenant), ...events.map(({ companyId, dataset }) => ({ companyId, dataset }))].filter(
    (tenant, index, all) => all.findIndex((other) => sameTenant(other, tenant)) === index,
  );
  tenants.sort((a, b) => a.companyId - b.companyId || a.dataset.localeCompare(b.dataset));

  return db.transaction(async (tx) => {
    // Shared with every other ingest; the rollup job takes it exclusively to move its watermark.
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${ROLLUP_WATERMARK_LOCK})`);
    const accepted = { positions: 0, stats: 0 };
    let safetyEvents = 0;
    for (const tenant of tenants) {
      const positionRows = positionGroups.find((group) => sameTenant(group.tenant, tenant));
      const statRows = statGroups.find((group) => sameTenant(group.tenant, tenant));
      if (positionRows) {
        const result = await insertPositions({ db: tx, rows: positionRows });
        if (result.unowned.length > 0) throw unknownVehicle({ records: positions, tenant, unowned: result.unowned, kind: "positions" });
        accepted.positions += result.accepted;
      }
      if (statRows) {
        const result = await insertStats({ db: tx, rows: statRows });
        if (result.unowned.length > 0) throw unknownVehicle({ records: stats, tenant, unowned: result.unowned, kind: "stats" });
        accepted.stats += result.accepted;
      }
      const tenantEvents = events.filter((event) => sameTenant(event, tenant));
      if (tenantEvents.length > 0) {
        const result = await writeSafetyEvents({ db: tx, tenant, events: tenantEvents, now });
        if (result.unowned.length > 0) throw unknownVehicle({ records: events, tenant, unowned: result.unowned, kind: "events" });
        safetyEvents += result.accepted;
      }
    }
    // Heard by every instance when this commits: alerts, trips and the live map follow from here.
    if (accepted.positions + accepted.stats + safetyEvents > 0)
      await publishFleetEvents({ db: tx, events: tenants.map((tenant) => ({ kind: "telemetry", ...tenant })) });
    return { accepted, duplicates: { positions: positions.length - accepted.positions, stats: stats.length - accepted.stats }, safetyEvents };
  });
};
