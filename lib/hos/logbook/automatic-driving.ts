import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray } from "@/db/rows";
import { drivingDetectorStates, unassignedDriving, type DutyStatus } from "@/db/schema";
import type { TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import {
  advanceMotion,
  EMPTY_MOTION_STATE,
  segmentSoFar,
  TRIP_MOTION,
  type MotionSample,
  type MotionSegment,
  type MotionSettings,
  type MotionState,
} from "@/lib/telemetry/motion-segments";
import type { Tenant } from "@/lib/platform/tenant";
import { dutyStatusAt } from "./duty-status-at";
import { getDistanceUnit } from "../../fleet/company-units";
import type { DistanceUnit } from "@/lib/platform/units";
import { findDriverVehicle } from "./vehicle-driver";
import { writeAutomaticEntry } from "./automatic-entry";
import { raiseStopPrompt } from "./stop-prompts";
import { answerStopPrompts } from "../records/answer-stop-prompts";
import { recordEldEvents, type EldEventDraft } from "../eld-events/record-eld-events";
import { monitorStateOf, storedMonitorState, type EldMonitorState, type IndicatorChange } from "../eld-monitors/monitor-state";
import { advanceTelemetryMonitors } from "../eld-monitors/telemetry-monitors";
import { eldMonitorDrafts, inVehicleTimeOrder } from "../eld-monitors/monitor-drafts";
import { lockMonitorStates } from "../eld-monitors/locked-monitor-states";
import { UNIDENTIFIED_DRIVING } from "../eld-monitors/unidentified-driving-diagnostic";
import { enginePowerDrafts } from "./engine-power-events";

const HOUR_MS = 3_600_000;
/** ELD events a statement (each is ~20 parameters; PostgreSQL takes at most 65,535 a statement). */
const EVENTS_PER_STATEMENT = 500;
type Position = { latitude: number; longitude: number };

/** The ELD rule: moving above 5 mph is driving; at rest for 5 minutes ends it. Any motion counts, however short. */
export const LOGBOOK_MOTION: MotionSettings = { ...TRIP_MOTION, minDisplacementMeters: 0 };

/** Statuses under which motion is not driving (49 CFR 395.28): the driver chose them for moving. */
const MOVING_WITHOUT_DRIVING: readonly DutyStatus[] = ["personalConveyance", "yardMove"];

type Detector = { motion: MotionState; driverId: number | null; unassignedId: number | null; monitors: EldMonitorState };
/** An unassigned segment as the window leaves it: still open, or closed where the vehicle came to rest. */
type SegmentUpdate = { id: number; segment: MotionSegment; closed: boolean };
/**
 * `segments` collects the window's unassigned segment updates and `events` its ELD events, written together at its
 * end; `distanceUnit` is the company's, read once a window. When a whole fleet starts moving, every vehicle's drive
 * starts in one window: an event write per vehicle kept the window's transaction open for minutes at 10,000 vehicles,
 * and with it the vacuum horizon of the whole database (docs/scaling.md, issue 41).
 */
type Step = {
  tx: Executor;
  tenant: Tenant;
  vehicleId: number;
  detector: Detector;
  segments: SegmentUpdate[];
  events: EldEventDraft[];
  distanceUnit: () => Promise<DistanceUnit>;
};

/** A vehicle's positions as motion samples, engine-off reports among them at the last known place. */
const toSamples = (vehicle: VehicleTelemetry, previous: MotionSample | null): MotionSample[] => {
  const positions = vehicle.positions.map((p) => ({ time: p.time.getTime(), latitude: p.latitude, longitude: p.longitude, speed: p.speed, engineState: null }));
  const offs = vehicle.stats.filter((s) => s.engineState === "Off").map((s) => ({ time: s.time.getTime(), engineState: "Off" as const }));
  const merged: MotionSample[] = [];
  let last = previous;
  for (const sample of [...positions, ...offs].sort((a, b) => a.time - b.time)) {
    if ("latitude" in sample) merged.push((last = sample));
    else if (last) merged.push({ ...last, time: sample.time, speed: 0, engineState: "Off" });
  }
  // A late point (older than what the detector has seen) cannot rewrite a log already shown to the driver: it is left out.
  return merged.filter((sample) => !previous || sample.time > previous.time);
};

/** The vehicle's last valid position at an instant (4.6.1.4(b)): its latest in the window, else the detector's before it. */
const lastFixOf =
  (vehicle: VehicleTelemetry, before: MotionSample | null) =>
  (at: number): Position | null => {
    const fix = vehicle.positions.findLast((position) => position.time.getTime() <= at) ?? (before && before.time <= at ? before : null);
    return fix && { latitude: fix.latitude, longitude: fix.longitude };
  };

/** The unidentified driver profile's duty status (4.6.1.6): Driving when an unassigned segment starts, On Duty when it ends. */
const unidentifiedStatus = (
  { vehicleId, events }: Step,
  { unassignedId, code, at, position }: { unassignedId: number; code: 3 | 4; at: Date; position: Position },
) => void events.push({ driverId: null, vehicleId, type: 1, code, at, origin: "automatic", position, unassignedId });

/** Motion began: the vehicle's driver is Driving from then (unless moving under PC or yard move), or it is unassigned driving. */
const startDriving = async (step: Step, segment: MotionSegment) => {
  const { tx, tenant, vehicleId, detector } = step;
  const at = new Date(segment.startTime);
  const assigned = await findDriverVehicle({ db: tx, ...tenant, vehicleId, at });
  if (!assigned) {
    const [row] = await tx
      .insert(unassignedDriving)
      .values({
        ...tenant,
        vehicleId,
        startTime: at,
        endTime: new Date(segment.endTime),
        startLatitude: segment.start.latitude,
        startLongitude: segment.start.longitude,
        endLatitude: segment.end.latitude,
        endLongitude: segment.end.longitude,
        distanceMeters: segment.distanceMeters,
      })
      .returning({ id: unassignedDriving.id });
    detector.unassignedId = row.id;
    unidentifiedStatus(step, { unassignedId: row.id, code: 3, at, position: segment.start });
    return;
  }
  const inEffect = await dutyStatusAt({ db: tx, ...tenant, driverId: assigned.driverId, at });
  // The simulator keeps its own drivers' logs.
  if (inEffect?.origin === "simulator" || (inEffect && MOVING_WITHOUT_DRIVING.includes(inEffect.status))) return;
  detector.driverId = assigned.driverId;
  // Moving again before the minute to answer ran out: the stop prompt is moot, the driving goes on.
  await answerStopPrompts({ db: tx, ...tenant, driverId: assigned.driverId, answer: "moved", now: new Date() });
  if (inEffect?.status !== "driving") {
    const drafts = await writeAutomaticEntry({
      tx,
      tenant,
      vehicleId,
      driverId: assigned.driverId,
      status: "driving",
      at,
      position: segment.start,
      previousStatus: inEffect?.status ?? null,
      unit: await step.distanceUnit(),
    });
    step.events.push(...drafts);
  }
};

/**
 * Motion ended (5 minutes at rest, or the engine off): the driver still Driving is asked whether they still drive
 * (the stop prompt, 4.4.1.2; On Duty if they do not answer within the minute: stop-prompts.ts); an unassigned segment
 * closes where the vehicle came to rest.
 */
const stopDriving = async (step: Step, segment: MotionSegment) => {
  const { tx, tenant, vehicleId, detector } = step;
  const at = new Date(segment.endTime);
  if (detector.driverId !== null) {
    const inEffect = await dutyStatusAt({ db: tx, ...tenant, driverId: detector.driverId, at });
    if (inEffect?.status === "driving")
      await raiseStopPrompt({ tx, tenant, driverId: detector.driverId, vehicleId, restedAt: at, position: segment.end, now: new Date() });
  }
  if (detector.unassignedId !== null) {
    step.segments.push({ id: detector.unassignedId, segment, closed: true });
    unidentifiedStatus(step, { unassignedId: detector.unassignedId, code: 4, at, position: segment.end });
  }
  detector.driverId = null;
  detector.unassignedId = null;
};

/**
 * The intermediate log due at `at` of a motion nobody drives (4.5.1.2, Table 6): the vehicle's driver moving it under
 * personal conveyance (code 2, reduced precision, 4.7.3) or a yard move (code 1); none under the simulator's statuses,
 * or when the driver changed status within the hour (that change is the hour's record). Looked up when due, once an
 * hour of such a motion: the detector keeps no driver for it (a stop prompt or the moving-vehicle lock is for Driving).
 */
const undrivenIntermediateLog = async ({ tx, tenant, vehicleId }: Step, at: Date, position: Position): Promise<EldEventDraft | null> => {
  const assigned = await findDriverVehicle({ db: tx, ...tenant, vehicleId, at });
  const inEffect = assigned && (await dutyStatusAt({ db: tx, ...tenant, driverId: assigned.driverId, at }));
  if (!assigned || !inEffect || inEffect.origin === "simulator" || !MOVING_WITHOUT_DRIVING.includes(inEffect.status)) return null;
  if (inEffect.startTime.getTime() > at.getTime() - HOUR_MS) return null;
  const reducedPrecision = inEffect.status === "personalConveyance";
  return { driverId: assigned.driverId, vehicleId, type: 2, code: reducedPrecision ? 2 : 1, at, origin: "automatic", position, reducedPrecision };
};

/**
 * Intermediate logs (4.5.1.2): each full hour of an uninterrupted motion, for the driver driving, the unidentified
 * driver profile, or the driver moving under personal conveyance or a yard move, at the position of the first report
 * at or after the hour. Due at the motion's start plus n hours, so those between the previous report (exclusive) and
 * this one are this report's to record.
 */
const intermediateLogs = async (step: Step, { since, sample, drivingSince }: { since: number; sample: MotionSample; drivingSince: number }) => {
  const { vehicleId, detector, events } = step;
  const position = { latitude: sample.latitude, longitude: sample.longitude };
  for (let hour = Math.floor((Math.max(since, drivingSince) - drivingSince) / HOUR_MS) + 1; drivingSince + hour * HOUR_MS <= sample.time; hour++) {
    const at = new Date(drivingSince + hour * HOUR_MS);
    if (detector.driverId === null && detector.unassignedId === null) {
      const draft = await undrivenIntermediateLog(step, at, position);
      if (draft) events.push(draft);
      continue;
    }
    events.push({
      driverId: detector.driverId,
      vehicleId,
      type: 2,
      code: 1,
      at,
      origin: "automatic",
      position,
      unassignedId: detector.driverId === null ? detector.unassignedId : null,
    });
  }
};

/**
 * The window's unassigned segment updates (closed ones, and every open one as it stands): one statement for all (every
 * moving vehicle without a driver has one).
 */
const writeSegments = async ({ tx, tenant, segments }: { tx: Executor; tenant: Tenant; segments: readonly SegmentUpdate[] }) => {
  if (segments.length === 0) return;
  const rows = segments.map(({ id, segment, closed }) => ({
    id,
    end_time: new Date(segment.endTime).toISOString(),
    end_latitude: segment.end.latitude,
    end_longitude: segment.end.longitude,
    distance_meters: segment.distanceMeters,
    closed,
  }));
  await tx.execute(sql`update unassigned_driving u set end_time = r.end_time, end_latitude = r.end_latitude, end_longitude = r.end_longitude,
    distance_meters = r.distance_meters, closed = r.closed, updated_at = ${new Date().toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id int, end_time timestamptz, end_latitude float8, end_longitude float8,
      distance_meters float8, closed boolean)
    where u.company_id = ${tenant.companyId} and u.id = r.id`);
};

/** The window's detector states: one upsert from one JSON parameter (a statement per vehicle made a 10,000-vehicle fleet's windows take seconds). */
const saveDetectors = async ({ tx, tenant, detectors }: { tx: Executor; tenant: Tenant; detectors: ReadonlyMap<number, Detector> }) => {
  if (detectors.size === 0) return;
  const rows = [...detectors].map(([vehicleId, detector]) => ({
    vehicle_id: vehicleId,
    motion: detector.motion,
    driver_id: detector.driverId,
    unassigned_id: detector.unassignedId,
    eld_monitors: storedMonitorState(detector.monitors),
  }));
  await tx.execute(sql`insert into driving_detector_states (company_id, dataset, vehicle_id, motion, driver_id, unassigned_id, eld_monitors)
    select ${tenant.companyId}, ${tenant.dataset}, r.vehicle_id, r.motion, r.driver_id, r.unassigned_id, r.eld_monitors
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(vehicle_id int, motion jsonb, driver_id int, unassigned_id int, eld_monitors jsonb)
    on conflict (company_id, dataset, vehicle_id) do update set motion = excluded.motion, driver_id = excluded.driver_id, unassigned_id =
      excluded.unassigned_id, eld_monitors = excluded.eld_monitors`);
};

/**
 * Automatic driving (the logbook's ELD behaviour), fed each tenant's committed telemetry: a vehicle
 * moving above 5 mph makes its driver Driving at that moment; standing 5 minutes prompts them, and
 * On Duty follows if they do not answer within the minute; motion with no driver is recorded as unassigned driving. The detector's state per vehicle
 * is kept between batches, so a drive split over many batches is one drive. A drive's start writes as
 * it happens (its log entry or unassigned segment); what every reporting vehicle changes (its state,
 * its unassigned segment, open or closed) is written once a window for all of them.
 */
export const automaticDrivingProcessor: TelemetryProcessor = {
  name: "automatic-driving",
  // A new deployment does not turn a company's stored history into log entries nobody saw happen.
  startAt: "now",
  // Each window reads and writes every reporting vehicle's detector state: at most one a 2 s, so a fleet reporting
  // every second pays that once for two batches (docs/scaling.md, issue 41). A drive shows on the logbook within seconds.
  minIntervalMs: 2_000,
  process: async ({ tx, tenant, vehicles }) => {
    const stored = await tx
      .select()
      .from(drivingDetectorStates)
      .where(
        and(
          eq(drivingDetectorStates.companyId, tenant.companyId),
          eq(drivingDetectorStates.dataset, tenant.dataset),
          sql`${drivingDetectorStates.vehicleId} = any(${intArray(vehicles.map((vehicle) => vehicle.vehicleId))})`,
        ),
      );
    const byVehicle = new Map(stored.map((row) => [row.vehicleId, row]));
    // A vehicle holding the unidentified driving diagnostic may have it cleared by an acceptance meanwhile: its state
    // is read again under lock, so the window neither saves it back nor clears it twice (unidentified-driving-accepted.ts).
    const holding = stored.filter((row) => monitorStateOf(row.eldMonitors).active.includes(UNIDENTIFIED_DRIVING)).map((row) => row.vehicleId);
    for (const [vehicleId, state] of await lockMonitorStates({ tx, tenant, vehicleIds: holding }))
      byVehicle.set(vehicleId, { ...byVehicle.get(vehicleId)!, eldMonitors: state });
    const detectors = new Map<number, Detector>();
    const segments: SegmentUpdate[] = [];
    const events: EldEventDraft[] = [];
    // The engine's power-ups and shut-downs (4.5.1.6): a power-up first among the records of its instant, a shut-down last.
    const powerUps: EldEventDraft[] = [];
    const shutDowns: EldEventDraft[] = [];
    // The ELD's self-monitoring (Appendix A 4.6, lib/hos/eld-monitors): what each vehicle's reports logged or cleared,
    // and the vehicles that drove unidentified in the window (their diagnostic is checked once the segments are written).
    const changes = new Map<number, IndicatorChange[]>();
    const unidentified = new Set<number>();
    let unit: Promise<DistanceUnit> | undefined;
    const distanceUnit = () => (unit ??= getDistanceUnit({ db: tx, companyId: tenant.companyId }));
    for (const vehicle of vehicles) {
      const row = byVehicle.get(vehicle.vehicleId);
      const detector: Detector = row
        ? { motion: row.motion as MotionState, driverId: row.driverId, unassignedId: row.unassignedId, monitors: monitorStateOf(row.eldMonitors) }
        : { motion: EMPTY_MOTION_STATE, driverId: null, unassignedId: null, monitors: monitorStateOf({}) };
      const monitored = advanceTelemetryMonitors(detector.monitors, vehicle, new Date());
      detector.monitors = monitored.state;
      if (monitored.changes.length > 0) changes.set(vehicle.vehicleId, monitored.changes);
      // A window with no position (a GPS outage) still moves the monitors.
      detectors.set(vehicle.vehicleId, detector);
      if (detector.unassignedId !== null) unidentified.add(vehicle.vehicleId);
      const before = detector.motion.previous;
      // After the vehicle's motion: the driver in effect at a shut-down may be the Driving this window wrote.
      const recordPowers = async () => {
        if (monitored.powers.length === 0) return;
        const drafts = await enginePowerDrafts({ tx, tenant, vehicleId: vehicle.vehicleId, powers: monitored.powers, positionAt: lastFixOf(vehicle, before) });
        for (const draft of drafts) (draft.code <= 2 ? powerUps : shutDowns).push(draft);
      };
      const samples = toSamples(vehicle, before);
      if (samples.length === 0) {
        await recordPowers();
        continue;
      }
      const segmentsBefore = segments.length;
      const step: Step = { tx, tenant, vehicleId: vehicle.vehicleId, detector, segments, events, distanceUnit };
      for (const sample of samples) {
        const wasOpen = detector.motion.open !== null;
        const previousTime = detector.motion.previous?.time ?? -Infinity;
        const { state, closed } = advanceMotion(detector.motion, sample, LOGBOOK_MOTION);
        if (closed) await stopDriving(step, closed);
        detector.motion = state;
        if (state.open && (!wasOpen || closed)) await startDriving(step, segmentSoFar(state.open));
        if (state.open) await intermediateLogs(step, { since: previousTime, sample, drivingSince: state.open.startTime });
      }
      if (detector.unassignedId !== null && detector.motion.open)
        segments.push({ id: detector.unassignedId, segment: segmentSoFar(detector.motion.open), closed: false });
      if (detector.unassignedId !== null || segments.length > segmentsBefore) unidentified.add(vehicle.vehicleId);
      await recordPowers();
    }
    await writeSegments({ tx, tenant, segments });
    const monitors = new Map([...detectors].map(([vehicleId, detector]) => [vehicleId, detector.monitors]));
    // A monitor's change first at an instant: the record made at the report that logged or cleared it shows it.
    const ordered = inVehicleTimeOrder([...(await eldMonitorDrafts({ tx, tenant, monitors, changes, unidentified })), ...powerUps, ...events, ...shutDowns]);
    // In the order they happened (each vehicle's sequence ids follow it, record-eld-events.ts), a few hundred a
    // statement: a whole fleet's 10,000 in one insert passed the parameter limit and overflowed the query builder's stack.
    for (let i = 0; i < ordered.length; i += EVENTS_PER_STATEMENT)
      await recordEldEvents({ db: tx, ...tenant, drafts: ordered.slice(i, i + EVENTS_PER_STATEMENT) });
    await saveDetectors({ tx, tenant, detectors });
  },
};
