import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies, drivers, eldEvents, eldEventSequences, vehicles, type EldRecordOrigin, type EldRecordStatus } from "@/db/schema";
import { eventRecordElements, powerUnitNumberOf, UNIDENTIFIED_USERNAME } from "@/lib/hos/eld-record/record-elements";
import type { Tenant } from "@/lib/platform/tenant";
import { readVehicleCounters } from "./vehicle-counters";
import { withMissingElementsDiagnostics, MISSING_ELEMENTS } from "./missing-elements-diagnostic";
import { isMalfunctionCode, readActiveIndicators } from "./active-indicators";
import { isLogged } from "./latest-condition-records";

type Position = { latitude: number; longitude: number };

/** An event to record (Appendix A 4.5.1): what the writer knows; the sequence id and the check value are the recorder's. */
export type EldEventDraft = {
  /** null: the unidentified driver profile. */
  driverId: number | null;
  vehicleId: number | null;
  type: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  code: number;
  at: Date;
  origin: EldRecordOrigin;
  status?: EldRecordStatus;
  position: Position | null;
  reducedPrecision?: boolean;
  distanceSinceLastValidCoordinates?: number | null;
  comment?: string;
  locationDescription?: string;
  editedBy?: { id: string | null; name: string } | null;
  hosLogId?: number | null;
  logEditId?: number | null;
  unassignedId?: number | null;
  certifiedDate?: string | null;
  /** Type 7: the malfunction or data diagnostic code (Table 4). */
  diagnosticCode?: string;
};

/**
 * The event types whose records carry the vehicle's miles and engine hours (Table 6): duty status, intermediate log and
 * PC/YM accumulated since the power-up (7.1, 7.19); engine power-up and shut-down the totals (4.5.1.6(b), 7.43, 7.44).
 */
const WITH_COUNTERS: ReadonlySet<EldEventDraft["type"]> = new Set([1, 2, 3, 6]);

type RecordCounters = { miles: number | null; engineHours: number | null; missing: boolean };

/**
 * The miles and engine hours of each draft that carries them, from the vehicle's reports at its instant; `missing` when
 * they are not the engine's own (GPS distance only, or nothing): the record's data diagnostic indicator (4.6.1.5).
 */
const countersOf = async ({ db, companyId, dataset, drafts }: Tenant & { db: Executor; drafts: readonly EldEventDraft[] }) => {
  const asked = drafts.filter((draft) => draft.vehicleId !== null && WITH_COUNTERS.has(draft.type));
  const read = await readVehicleCounters({ db, companyId, dataset, at: asked.map((draft) => ({ vehicleId: draft.vehicleId!, at: draft.at })) });
  return new Map<EldEventDraft, RecordCounters>(
    asked.map((draft, i) => {
      const totals = draft.type === 6;
      const miles = totals ? read[i].totalMiles : read[i].accumulatedMiles;
      const engineHours = totals ? read[i].totalEngineHours : read[i].elapsedEngineHours;
      return [draft, { miles, engineHours, missing: read[i].source !== "engine" || engineHours === null }];
    }),
  );
};

/**
 * The ELD's active malfunctions and data diagnostics once `draft` is recorded: a type 7 record logs or clears its
 * code in `active` (updated, for the drafts after it).
 */
const indicatorsAfter = (active: Map<number, Set<string>>, draft: EldEventDraft) => {
  const codes = draft.vehicleId === null ? new Set<string>() : (active.get(draft.vehicleId) ?? new Set<string>());
  if (draft.type === 7 && draft.diagnosticCode) {
    if (isLogged(draft.code)) codes.add(draft.diagnosticCode);
    else codes.delete(draft.diagnosticCode);
  }
  if (draft.vehicleId !== null) active.set(draft.vehicleId, codes);
  const list = [...codes];
  return {
    codes,
    malfunction: list.some(isMalfunctionCode),
    otherDiagnostic: list.some((code) => !isMalfunctionCode(code) && code !== MISSING_ELEMENTS),
  };
};

/** 4.4.2.1, 4.7.3: two decimals, one in personal conveyance (about 10 miles). */
const atPrecision = (value: number, reduced: boolean) => Number(value.toFixed(reduced ? 1 : 2));

/**
 * Takes `count` sequence ids from each ELD's counter (7.24: 0 to FFFF, wrapping): one statement per
 * vehicle, whose row lock orders concurrent writers of the same ELD.
 */
const takeSequenceIds = async ({ db, companyId, dataset, counts }: Tenant & { db: Executor; counts: Map<number, number> }) => {
  const first = new Map<number, number>();
  for (const [vehicleId, count] of counts) {
    const [row] = await db
      .insert(eldEventSequences)
      .values({ companyId, dataset, vehicleId, lastSequenceId: (count - 1) % 65536 })
      .onConflictDoUpdate({
        target: [eldEventSequences.companyId, eldEventSequences.dataset, eldEventSequences.vehicleId],
        set: { lastSequenceId: sql`(${eldEventSequences.lastSequenceId} + ${count}) % 65536` },
      })
      .returning({ last: eldEventSequences.lastSequenceId });
    // The first of the `count` ids taken, wrapping (a backfill may take more than 65,536 at once).
    first.set(vehicleId, (((row.last - count + 1) % 65536) + 65536) % 65536);
  }
  return first;
};

/**
 * Records ELD events in the caller's transaction (the duty-status change, edit, certification or telemetry
 * window that made them): each gets its ELD's next sequence id and its event data check value, computed over the
 * elements as they are now (the driver's home-terminal clock and username, the vehicle's power unit number).
 */
export const recordEldEvents = async ({ db, companyId, dataset, drafts }: Tenant & { db: Executor; drafts: readonly EldEventDraft[] }) => {
  if (drafts.length === 0) return [];
  const driverIds = [...new Set(drafts.flatMap((draft) => (draft.driverId === null ? [] : [draft.driverId])))];
  const vehicleIds = [...new Set(drafts.flatMap((draft) => (draft.vehicleId === null ? [] : [draft.vehicleId])))];
  // One after another: `db` is usually the caller's transaction, one connection.
  const driverRows =
    driverIds.length > 0
      ? await db
          .select({ id: drivers.id, timezone: drivers.timezone, username: drivers.username })
          .from(drivers)
          .where(and(eq(drivers.companyId, companyId), inArray(drivers.id, driverIds)))
      : [];
  const vehicleRows =
    vehicleIds.length > 0
      ? await db
          .select({ id: vehicles.id, name: vehicles.name, powerUnitNumber: vehicles.powerUnitNumber })
          .from(vehicles)
          .where(and(eq(vehicles.companyId, companyId), inArray(vehicles.id, vehicleIds)))
      : [];
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  const driverOf = new Map(driverRows.map((row) => [row.id, row]));
  const powerUnitOf = new Map(vehicleRows.map((row) => [row.id, powerUnitNumberOf(row)]));
  const counters = await countersOf({ db, companyId, dataset, drafts });
  const missing = new Map([...counters].map(([draft, read]) => [draft, read.missing]));
  const active = await readActiveIndicators({ db, companyId, dataset, vehicleIds });
  const all = withMissingElementsDiagnostics({ drafts, missing, stored: active });
  const counts = new Map<number, number>();
  for (const draft of all) counts.set(draft.vehicleId ?? 0, (counts.get(draft.vehicleId ?? 0) ?? 0) + 1);
  const next = await takeSequenceIds({ db, companyId, dataset, counts });
  const rows = all.map((draft) => {
    const vehicle = counters.get(draft);
    const key = draft.vehicleId ?? 0;
    const sequenceId = next.get(key)!;
    next.set(key, (sequenceId + 1) % 65536);
    const reduced = draft.reducedPrecision ?? false;
    const position = draft.position && {
      latitude: atPrecision(draft.position.latitude, reduced),
      longitude: atPrecision(draft.position.longitude, reduced),
    };
    const driver = draft.driverId === null ? undefined : driverOf.get(draft.driverId);
    const indicators = indicatorsAfter(active, draft);
    const { check } = eventRecordElements({
      event: {
        type: draft.type,
        code: draft.code,
        at: draft.at,
        reducedPrecision: reduced,
        accumulatedMiles: vehicle?.miles ?? null,
        elapsedEngineHours: vehicle?.engineHours ?? null,
        position,
        locationDescription: draft.locationDescription ?? "",
        distanceSinceLastValidCoordinates: draft.distanceSinceLastValidCoordinates ?? null,
      },
      timeZone: driver?.timezone ?? company?.timeZone ?? "UTC",
      powerUnitNumber: draft.vehicleId === null ? "" : (powerUnitOf.get(draft.vehicleId) ?? ""),
      username: driver?.username ?? UNIDENTIFIED_USERNAME,
    });
    return {
      companyId,
      dataset,
      driverId: draft.driverId,
      vehicleId: draft.vehicleId,
      sequenceId,
      recordStatus: draft.status ?? "active",
      recordOrigin: draft.origin,
      eventType: draft.type,
      eventCode: draft.code,
      eventAt: draft.at,
      // Type 6: the totals (the columns hold each record's miles and engine hours as the rule gives them for its type).
      accumulatedMiles: vehicle?.miles ?? null,
      elapsedEngineHours: vehicle?.engineHours ?? null,
      // 7.23 and 7.20: a malfunction or a data diagnostic is active for the ELD once this record is made (the record
      // that logs one shows it, a driver's record without a vehicle too); the missing-elements one is the record's own
      // (it lacks an element) where the record carries the vehicle's counters.
      malfunction: indicators.malfunction || (draft.type === 7 && draft.code === 1),
      diagnostic: (vehicle?.missing ?? indicators.codes.has(MISSING_ELEMENTS)) || indicators.otherDiagnostic || (draft.type === 7 && draft.code === 3),
      diagnosticCode: draft.diagnosticCode ?? null,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      reducedPrecision: reduced,
      distanceSinceLastValidCoordinates: position ? 0 : (draft.distanceSinceLastValidCoordinates ?? null),
      checkValue: check,
      comment: draft.comment ?? "",
      locationDescription: draft.locationDescription ?? "",
      editedById: draft.editedBy?.id ?? null,
      editedByName: draft.editedBy?.name ?? null,
      hosLogId: draft.hosLogId ?? null,
      logEditId: draft.logEditId ?? null,
      unassignedId: draft.unassignedId ?? null,
      certifiedDate: draft.certifiedDate ?? null,
    } satisfies typeof eldEvents.$inferInsert;
  });
  return db.insert(eldEvents).values(rows).returning();
};

/**
 * Sets the record status of stored events (the one element an edit changes, 4.4.4.2): the records an accepted edit
 * or an assumed unidentified drive replaces become inactive-changed; a requested change becomes active or rejected.
 */
export const setEldRecordStatus = async ({
  db,
  companyId,
  dataset,
  from = "active",
  status,
  hosLogId,
  where,
}: Tenant & {
  db: Executor;
  /** The status the records have now: active, or changeRequested for a proposed edit's answer. */
  from?: EldRecordStatus;
  status: EldRecordStatus;
  /** A requested change made active: the log entry it now records. */
  hosLogId?: number;
  where: { hosLogIds: readonly number[] } | { logEditId: number } | { unassignedId: number };
}) => {
  const which =
    "hosLogIds" in where
      ? where.hosLogIds.length > 0
        ? inArray(eldEvents.hosLogId, [...where.hosLogIds])
        : undefined
      : "logEditId" in where
        ? eq(eldEvents.logEditId, where.logEditId)
        : and(eq(eldEvents.unassignedId, where.unassignedId), sql`${eldEvents.driverId} is null`);
  if (!which) return;
  await db
    .update(eldEvents)
    .set({ recordStatus: status, ...(hosLogId === undefined ? {} : { hosLogId }) })
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.dataset, dataset), eq(eldEvents.recordStatus, from), which));
};
