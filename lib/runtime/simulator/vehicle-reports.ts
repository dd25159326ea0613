import type { DutyStatus, EngineState } from "@/db/schema";
import { gridToLatLon, placeToGrid } from "@/lib/platform/geo/chicago-grid";
import type { PositionReport, StatSample } from "@/lib/telemetry/store";
import { activityAt, buildDayPlan, FUEL_PER_IDLE_SECOND, FUEL_PER_METER, type Activity, type DayPlan, type DriveActivity } from "./day-plan";
import { buildPhases, distanceAt, phaseAt, pointAlong, type MotionPhase } from "./drive-motion";
import { faultOfDay, MAX_FAULT_DAYS, type FaultEvent } from "./fault-events";
import { createRandom, STREAMS } from "./random";
import { dayOfTime, type SimVehicle } from "./sim-vehicle";

/** Seconds between reports: GPS while moving / idling at a stop / parked with the ignition off, CAN stats with the engine on / off. */
export type Cadence = { moving: number; idle: number; parked: number; statsOn: number; statsOff: number };
export const LIVE_CADENCE: Cadence = { moving: 5, idle: 60, parked: 300, statsOn: 30, statsOff: 900 };
export const BACKFILL_CADENCE: Cadence = { moving: 30, idle: 300, parked: 900, statsOn: 300, statsOff: 3600 };

/** The simulator's memory of one vehicle; all of it can be rebuilt from the database (see `resumeVehicle`). */
export type VehicleRuntime = {
  vehicle: SimVehicle;
  /** Everything up to this time (ms) has been written. */
  emittedUntil: number;
  /** Odometer and engine seconds at the start of `base.day`. */
  base: { day: number; odometer: number; engineSeconds: number };
  plan: DayPlan | null;
  phases: { activity: DriveActivity; phases: MotionPhase[] } | null;
  lastOdometer: number | null;
};

export type DutyChange = { vehicle: SimVehicle; time: number; status: DutyStatus; latitude: number; longitude: number };
export type WindowOutput = {
  positions: PositionReport[];
  stats: StatSample[];
  duty: DutyChange[];
  faultsRaised: { vehicle: SimVehicle; fault: FaultEvent }[];
  faultsCleared: { vehicle: SimVehicle; fault: FaultEvent }[];
};

export const planFor = (runtime: VehicleRuntime, day: number): DayPlan => {
  if (runtime.plan?.day === day) return runtime.plan;
  if (day < runtime.base.day) throw new Error(`simulator cannot go back to day ${day}`);
  while (runtime.base.day < day) {
    const past = runtime.plan?.day === runtime.base.day ? runtime.plan : buildDayPlan(runtime.vehicle, runtime.base.day);
    runtime.base = {
      day: runtime.base.day + 1,
      odometer: runtime.base.odometer + past.distance,
      engineSeconds: runtime.base.engineSeconds + past.engineSeconds,
    };
  }
  runtime.plan = buildDayPlan(runtime.vehicle, day);
  runtime.phases = null;
  return runtime.plan;
};

const phasesOf = (runtime: VehicleRuntime, activity: DriveActivity) => {
  if (runtime.phases?.activity !== activity)
    runtime.phases = { activity, phases: buildPhases({ path: activity.path, start: activity.start, seed: activity.seed }) };
  return runtime.phases.phases;
};

/** Where the vehicle is and what its ECU reads at `time`. */
export const sampleAt = (runtime: VehicleRuntime, time: number) => {
  const plan = planFor(runtime, dayOfTime(time, runtime.vehicle.dayOffsetMs));
  const activity = activityAt(plan, time);
  const sensor = createRandom(runtime.vehicle.seed, runtime.vehicle.vehicleId, Math.floor(time / 1000), STREAMS.sensor);
  const gps = { hdop: Math.round(sensor.between(0.7, 1.6) * 10) / 10, satellites: Math.floor(sensor.between(8, 15)) };
  const seconds = (time - activity.start) / 1000;
  if (activity.kind === "drive") {
    const phases = phasesOf(runtime, activity);
    const along = distanceAt(phases, time);
    const speed = phaseAt(phases, time).speed;
    const rpm = speed > 0 ? Math.min(2000, 1200 + (speed / 15) * 750 + sensor.between(-50, 50)) : sensor.between(650, 780);
    return {
      ...pointAlong(activity.path, along),
      ...gps,
      speed: Math.round(speed * 100) / 100,
      engineState: "On" as EngineState,
      rpm: Math.round(rpm),
      odometer: runtime.base.odometer + activity.odoStart + along,
      engineSeconds: runtime.base.engineSeconds + activity.engineStart + seconds,
      fuel: activity.fuelStart - along * FUEL_PER_METER,
      activity,
    };
  }
  const idle = activity.engine === "Idle";
  return {
    ...gridToLatLon(placeToGrid(activity.spot)),
    heading: 0,
    ...gps,
    speed: 0,
    engineState: activity.engine as EngineState,
    rpm: idle ? Math.round(sensor.between(600, 800)) : 0,
    odometer: runtime.base.odometer + activity.odoStart,
    engineSeconds: runtime.base.engineSeconds + activity.engineStart + (idle ? seconds : 0),
    fuel: activity.fuelStart - (idle ? seconds * FUEL_PER_IDLE_SECOND : 0),
    activity,
  };
};

/** Report times inside (from, to]: the activity's start, then a grid of `interval` seconds aligned per vehicle. */
const reportTimes = (activity: Activity, from: number, to: number, interval: number, vehicleId: number) => {
  const times: number[] = [];
  if (activity.start > from && activity.start <= to) times.push(activity.start);
  const step = interval * 1000;
  // Spread the fleet over the interval so a tick carries a steady share of reports.
  const offset = ((vehicleId * 37) % interval) * 1000;
  const lower = Math.max(from, activity.start);
  for (let t = Math.floor((lower - offset) / step) * step + offset + step; t <= to && t < activity.end; t += step) {
    if (t > lower) times.push(t);
  }
  return times;
};

const dutyOf = (activity: Activity): DutyStatus => (activity.kind === "drive" ? "driving" : activity.duty);

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Everything one vehicle reports in (from, to]: GPS fixes, CAN samples, duty-status changes and
 * fault codes raised or cleared. `firstWindow` also records the duty status in force at `from`.
 */
export const collectVehicleWindow = ({
  runtime,
  from,
  to,
  cadence,
  firstWindow,
  into,
}: {
  runtime: VehicleRuntime;
  from: number;
  to: number;
  cadence: Cadence;
  firstWindow: boolean;
  into: WindowOutput;
}) => {
  const { vehicle } = runtime;
  if (firstWindow && vehicle.driverId !== null) {
    const at = sampleAt(runtime, from);
    into.duty.push({ vehicle, time: from, status: dutyOf(at.activity), latitude: at.latitude, longitude: at.longitude });
  }
  for (let day = dayOfTime(from + 1, vehicle.dayOffsetMs); day <= dayOfTime(to, vehicle.dayOffsetMs); day++) {
    const plan = planFor(runtime, day);
    plan.activities.forEach((activity, index) => {
      if (activity.end <= from || activity.start > to) return;
      const engineOn = activity.kind === "drive" || activity.engine === "Idle";
      const interval = activity.kind === "drive" ? cadence.moving : engineOn ? cadence.idle : cadence.parked;
      for (const time of reportTimes(activity, from, to, interval, vehicle.vehicleId)) {
        const sample = sampleAt(runtime, time);
        const distance = runtime.lastOdometer === null ? 0 : Math.max(0, sample.odometer - runtime.lastOdometer);
        runtime.lastOdometer = sample.odometer;
        // Literal properties, not `...tenant`: V8 gives each object built by a spread plus more
        // properties its own hidden class, which made every later property read slow (ingest checks 3×).
        into.positions.push({
          companyId: vehicle.companyId,
          dataset: vehicle.dataset,
          vehicleId: vehicle.vehicleId,
          time: new Date(time),
          latitude: round(sample.latitude, 6),
          longitude: round(sample.longitude, 6),
          speed: sample.speed,
          heading: sample.heading,
          hdop: sample.hdop,
          satellites: sample.satellites,
          distance: round(distance, 1),
        });
      }
      for (const time of reportTimes(activity, from, to, engineOn ? cadence.statsOn : cadence.statsOff, vehicle.vehicleId)) {
        const sample = sampleAt(runtime, time);
        into.stats.push({
          companyId: vehicle.companyId,
          dataset: vehicle.dataset,
          vehicleId: vehicle.vehicleId,
          time: new Date(time),
          engineRpm: sample.rpm,
          fuelPercent: round(sample.fuel, 2),
          odometerMeters: round(sample.odometer, 1),
          engineSeconds: Math.round(sample.engineSeconds),
          speed: sample.speed,
          engineState: sample.engineState,
        });
      }
      if (vehicle.driverId !== null && activity.start > from && activity.start <= to) {
        const previous = index > 0 ? dutyOf(plan.activities[index - 1]) : vehicle.sleeper ? "sleeperBed" : "offDuty";
        if (dutyOf(activity) !== previous) {
          const at = sampleAt(runtime, activity.start);
          into.duty.push({ vehicle, time: activity.start, status: dutyOf(activity), latitude: round(at.latitude, 6), longitude: round(at.longitude, 6) });
        }
      }
    });
  }
  for (let day = dayOfTime(from + 1, vehicle.dayOffsetMs) - MAX_FAULT_DAYS; day <= dayOfTime(to, vehicle.dayOffsetMs); day++) {
    const fault = faultOfDay(vehicle, day);
    if (!fault) continue;
    if (fault.firstSeenAt > from && fault.firstSeenAt <= to) into.faultsRaised.push({ vehicle, fault });
    if (fault.clearedAt > from && fault.clearedAt <= to) into.faultsCleared.push({ vehicle, fault });
  }
  runtime.emittedUntil = to;
};

/** A runtime for a vehicle: fresh (first start) or continuing from its stored latest state. */
export const resumeVehicle = ({
  vehicle,
  stored,
  startAt,
}: {
  vehicle: SimVehicle;
  stored: { time: number; odometer: number | null; engineSeconds: number | null } | null;
  startAt: number;
}): VehicleRuntime => {
  const from = stored ? stored.time : startAt;
  const initial = createRandom(vehicle.seed, vehicle.vehicleId, STREAMS.refuel);
  const runtime: VehicleRuntime = {
    vehicle,
    emittedUntil: from,
    plan: null,
    phases: null,
    lastOdometer: null,
    base: { day: dayOfTime(from, vehicle.dayOffsetMs), odometer: Math.round(initial.between(40_000_000, 240_000_000)), engineSeconds: 0 },
  };
  runtime.base.engineSeconds = Math.round(runtime.base.odometer / 7);
  const within = sampleAt(runtime, from);
  if (stored?.odometer != null && stored.engineSeconds != null) {
    runtime.base.odometer = stored.odometer - (within.odometer - runtime.base.odometer);
    runtime.base.engineSeconds = stored.engineSeconds - (within.engineSeconds - runtime.base.engineSeconds);
  }
  if (stored) runtime.lastOdometer = sampleAt(runtime, from).odometer;
  return runtime;
};
