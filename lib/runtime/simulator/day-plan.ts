import { WASTE_SERVICE_TYPES, type DutyStatus } from "@/db/schema";
import { CUSTOMERS, type StreetPlace } from "@/lib/platform/geo/chicago-grid";
import { buildPhases } from "./drive-motion";
import { createRandom, mixSeed, STREAMS, type Random } from "./random";
import { dayStartOf, DAY_MS, type SimVehicle } from "./sim-vehicle";
import { gridDistance, routeBetween, type StreetPath, type StreetSpot } from "./street-router";

/** Percent of the tank per meter driven and per second idling (a ~400 L tank, ~48 L/100 km, ~3.6 L/h idle). */
export const FUEL_PER_METER = 0.00012;
export const FUEL_PER_IDLE_SECOND = 0.00025;

type Accumulated = { start: number; end: number; odoStart: number; engineStart: number; fuelStart: number };
export type DriveActivity = Accumulated & { kind: "drive"; path: StreetPath; seed: number };
export type DwellActivity = Accumulated & {
  kind: "dwell";
  spot: StreetSpot;
  engine: "Off" | "Idle";
  duty: DutyStatus;
  /** Fuel level after refuelling at the end of this dwell. */
  refuelTo?: number;
};
export type Activity = DriveActivity | DwellActivity;

export type PlannedJob = {
  customer: StreetPlace;
  scheduled: number;
  createdAt: number;
  assignedAt: number;
  /** Set for visited jobs; cancelled jobs are never visited. */
  visit: { arrive: number; depart: number } | null;
  cancelAt: number | null;
  serviceType: string;
  tonnage: number;
};

/** The kind of day: one day a week off; most working days respect the HOS rules; about one in ten breaks one. */
export type DayKind = "rest" | "normal" | "drive11" | "window14" | "skipBreak";
type WorkDayKind = Exclude<DayKind, "rest">;

export type DayPlan = { day: number; kind: DayKind; activities: Activity[]; jobs: PlannedJob[]; distance: number; engineSeconds: number; fuelEnd: number };

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The fuel level a vehicle is refuelled to at the end of `day` (so the next day starts there). */
export const refuelLevel = (vehicle: SimVehicle, day: number) =>
  Math.round(createRandom(vehicle.seed, vehicle.vehicleId, day, STREAMS.refuel).between(94, 100) * 10) / 10;

const DAY_SETTINGS: Record<
  WorkDayKind,
  { startHour: number; shiftHours: [number, number]; drivingHours: number; breakAfter: [number, number] | null; stopMinutes: [number, number]; far: boolean }
> = {
  normal: { startHour: 5, shiftHours: [8.5, 10.5], drivingHours: 7, breakAfter: [3.5, 5], stopMinutes: [4, 12], far: false },
  drive11: { startHour: 4, shiftHours: [14.5, 14.8], drivingHours: 11.7, breakAfter: [5, 6], stopMinutes: [1.5, 3], far: true },
  window14: { startHour: 4, shiftHours: [14.9, 15.4], drivingHours: 9, breakAfter: [4, 5], stopMinutes: [6, 14], far: false },
  skipBreak: { startHour: 4.5, shiftHours: [11, 12], drivingHours: 9.2, breakAfter: null, stopMinutes: [3, 10], far: true },
};

const chooseCustomer = (random: Random, from: StreetSpot, visited: Set<StreetPlace>, far: boolean) => {
  const open = CUSTOMERS.filter((customer) => !visited.has(customer));
  if (far) {
    const distant = open.filter((customer) => gridDistance(from, customer) > 5_000);
    return random.pick(distant.length > 0 ? distant : open);
  }
  const nearest = open.map((customer) => ({ customer, distance: gridDistance(from, customer) })).sort((a, b) => a.distance - b.distance);
  return random.pick(nearest.slice(0, 6)).customer;
};

/**
 * One vehicle's day (local midnight to midnight): parked at its yard, a pre-trip inspection, a
 * route of customer stops with a break, back to the yard to refuel, then rest. Pure: the same
 * vehicle, day and seed always give the same plan, so a restarted simulator picks up exactly.
 */
export const buildDayPlan = (vehicle: SimVehicle, day: number): DayPlan => {
  const dayStart = dayStartOf(day, vehicle.dayOffsetMs);
  if (isRestDay(vehicle, day)) return buildRestDay(vehicle, day, dayStart);
  const random = createRandom(vehicle.seed, vehicle.vehicleId, day, STREAMS.plan);
  const kind: WorkDayKind = random.chance(0.1) ? random.pick(["drive11", "window14", "skipBreak"] as const) : "normal";
  const settings = DAY_SETTINGS[kind];
  const shiftStart = dayStart + Math.round((settings.startHour * HOUR + random.between(0, 90) * MINUTE) / MINUTE) * MINUTE;
  const shiftEndBy = shiftStart + random.between(...settings.shiftHours) * HOUR;
  const activities: Activity[] = [];
  const jobs: PlannedJob[] = [];
  const state = { time: dayStart, odo: 0, engine: 0, fuel: refuelLevel(vehicle, day - 1), spot: vehicle.depot as StreetSpot, driving: 0, sinceBreak: 0 };

  const dwell = (until: number, duty: DutyStatus, engine: "Off" | "Idle", refuelTo?: number) => {
    const seconds = (until - state.time) / 1000;
    activities.push({
      kind: "dwell",
      start: state.time,
      end: until,
      odoStart: state.odo,
      engineStart: state.engine,
      fuelStart: state.fuel,
      spot: state.spot,
      engine,
      duty,
      refuelTo,
    });
    if (engine === "Idle") [state.engine, state.fuel] = [state.engine + seconds, state.fuel - seconds * FUEL_PER_IDLE_SECOND];
    if (refuelTo !== undefined) state.fuel = refuelTo;
    state.time = until;
  };
  const drive = (to: StreetSpot) => {
    const path = routeBetween(state.spot, to);
    const seed = mixSeed(vehicle.seed, vehicle.vehicleId, day, activities.length);
    const phases = buildPhases({ path, start: state.time, seed });
    const end = phases.length > 0 ? phases[phases.length - 1].end : state.time;
    activities.push({ kind: "drive", start: state.time, end, odoStart: state.odo, engineStart: state.engine, fuelStart: state.fuel, path, seed });
    const seconds = (end - state.time) / 1000;
    [state.odo, state.engine, state.fuel] = [state.odo + path.length, state.engine + seconds, state.fuel - path.length * FUEL_PER_METER];
    [state.driving, state.sinceBreak, state.time, state.spot] = [state.driving + seconds * 1000, state.sinceBreak + seconds * 1000, end, to];
  };

  dwell(shiftStart, "offDuty", "Off");
  dwell(shiftStart + 15 * MINUTE, "onDuty", "Idle");
  const visited = new Set<StreetPlace>();
  const breakAfter = settings.breakAfter ? random.between(...settings.breakAfter) * HOUR : Infinity;
  for (;;) {
    const homeEstimate = ((gridDistance(state.spot, vehicle.depot) * 1.3) / 9) * 1000;
    if (state.time + homeEstimate + 20 * MINUTE >= shiftEndBy || state.driving + homeEstimate >= settings.drivingHours * HOUR) break;
    let customer = chooseCustomer(random, state.spot, visited, settings.far || visited.size === 0);
    visited.add(customer);
    if (vehicle.wasteJobs && random.chance(0.05)) {
      const scheduled = Math.floor((state.time + 20 * MINUTE) / MINUTE) * MINUTE;
      jobs.push({
        customer,
        scheduled,
        createdAt: 0,
        assignedAt: 0,
        visit: null,
        cancelAt: shiftStart - 90 * MINUTE,
        serviceType: random.pick(WASTE_SERVICE_TYPES),
        tonnage: 0,
      });
      customer = chooseCustomer(random, state.spot, visited, settings.far);
      visited.add(customer);
    }
    drive(customer);
    const arrive = state.time;
    dwell(arrive + Math.round(random.between(...settings.stopMinutes) * 60) * 1000, "onDuty", "Idle");
    if (vehicle.wasteJobs) {
      jobs.push({
        customer,
        scheduled: Math.floor(arrive / MINUTE) * MINUTE,
        createdAt: 0,
        assignedAt: 0,
        visit: { arrive, depart: state.time },
        cancelAt: null,
        serviceType: random.pick(WASTE_SERVICE_TYPES),
        tonnage: Math.round(random.between(0.3, 6) * 100) / 100,
      });
    }
    if (state.sinceBreak >= breakAfter) {
      dwell(state.time + Math.round(random.between(30, 35)) * MINUTE, "offDuty", "Off");
      state.sinceBreak = 0;
    }
  }
  drive(vehicle.depot);
  dwell(state.time + 20 * MINUTE, "onDuty", "Idle", refuelLevel(vehicle, day));
  dwell(dayStart + DAY_MS, vehicle.sleeper ? "sleeperBed" : "offDuty", "Off");

  const jobRandom = createRandom(vehicle.seed, vehicle.vehicleId, day, STREAMS.job);
  const createdAt = dayStart - 3 * DAY_MS + Math.round(jobRandom.between(1, 8) * 60) * MINUTE;
  for (const job of jobs) Object.assign(job, { createdAt, assignedAt: shiftStart - 30 * MINUTE });
  return { day, kind, activities, jobs, distance: state.odo, engineSeconds: state.engine, fuelEnd: state.fuel };
};

/**
 * One day off a week, on a weekday that differs between vehicles: with the evening off before it,
 * the driver rests over 34 hours and the 60/70-hour cycle restarts, as in a real roster.
 */
export const isRestDay = (vehicle: SimVehicle, day: number) => (day + vehicle.vehicleId) % 7 === 0;

const buildRestDay = (vehicle: SimVehicle, day: number, dayStart: number): DayPlan => {
  const fuel = refuelLevel(vehicle, day - 1);
  const rest: DwellActivity = {
    kind: "dwell",
    start: dayStart,
    end: dayStart + DAY_MS,
    odoStart: 0,
    engineStart: 0,
    fuelStart: fuel,
    spot: vehicle.depot,
    engine: "Off",
    duty: vehicle.sleeper ? "sleeperBed" : "offDuty",
    refuelTo: refuelLevel(vehicle, day),
  };
  return { day, kind: "rest", activities: [rest], jobs: [], distance: 0, engineSeconds: 0, fuelEnd: rest.refuelTo ?? fuel };
};

/** The activity under way at `time` (the plan covers its whole day). */
export const activityAt = (plan: DayPlan, time: number) => {
  const { activities } = plan;
  let low = 0;
  let high = activities.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (activities[middle].start <= time) low = middle;
    else high = middle - 1;
  }
  return activities[low];
};
