import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hosLogs, vehiclePositions, vehicleStatSamples, WASTE_SERVICE_TYPES, wasteJobs } from "@/db/schema";
import { queryRows } from "@/db/rows";
import { ARTERIALS, DEPOTS, latLonToGrid } from "@/lib/platform/geo/chicago-grid";
import { distanceMeters } from "@/lib/platform/geo/distance";
import { activityAt, buildDayPlan } from "@/lib/runtime/simulator/day-plan";
import { createFleetSimulator } from "@/lib/runtime/simulator/fleet-simulator";
import { CREW_DAY_OFFSETS_MS, dayOfTime, dayStartOf, type SimVehicle } from "@/lib/runtime/simulator/sim-vehicle";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const HOUR = 3_600_000;
// Yesterday 14:00 in Chicago: the 6-hour window covers the morning shifts.
const clock = dayStartOf(dayOfTime(Date.now()) - 1) + 14 * HOUR;

const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
};

const onStreet = ({ latitude, longitude }: { latitude: number; longitude: number }) => {
  const { x, y } = latLonToGrid({ latitude, longitude });
  return ARTERIALS.some((a) =>
    a.axis === "ns" ? Math.abs(x - a.at) < 1 && y >= a.from - 1 && y <= a.to + 1 : Math.abs(y - a.at) < 1 && x >= a.from - 1 && x <= a.to + 1,
  );
};

describe("fleet simulator", () => {
  it("backfills a window with vehicles moving along streets at plausible speeds", async () => {
    const { db } = database();
    await seedTestCompanies({ db, liveVehicles: 5 });
    const simulator = await createFleetSimulator({ db, seed: 7, backfillMs: 6 * HOUR, now: () => clock });
    expect(simulator.vehicles).toBe(18);
    const { rows } = await simulator.backfill();
    expect(rows).toBeGreaterThan(1000);
    const positions = await db.select().from(vehiclePositions).orderBy(asc(vehiclePositions.vehicleId), asc(vehiclePositions.time));
    expect(new Set(positions.map((p) => p.vehicleId)).size).toBe(18);
    let moving = 0;
    for (const track of groupBy(positions, (p) => p.vehicleId)) {
      for (let i = 0; i < track.length; i++) {
        const point = track[i];
        expect(point.time.getTime()).toBeGreaterThan(clock - 6 * HOUR);
        expect(point.time.getTime()).toBeLessThanOrEqual(clock);
        expect(point.speed).toBeLessThan(35);
        expect(onStreet(point)).toBe(true);
        if (point.speed > 0) moving++;
        if (i === 0) continue;
        const seconds = (point.time.getTime() - track[i - 1].time.getTime()) / 1000;
        // Straight-line displacement never exceeds what the top block speed (15 m/s) allows; the reported path distance agrees.
        expect(distanceMeters(track[i - 1], point)).toBeLessThanOrEqual(15.5 * seconds + 1);
        expect(point.distance).toBeGreaterThanOrEqual(distanceMeters(track[i - 1], point) - 2);
      }
    }
    expect(moving).toBeGreaterThan(100);
  });

  it("reports CAN stats consistent with the motion: odometer never falls, fuel falls while driving", async () => {
    const { db } = database();
    const stats = await db.select().from(vehicleStatSamples).orderBy(asc(vehicleStatSamples.vehicleId), asc(vehicleStatSamples.time));
    let drivingSamples = 0;
    for (const series of groupBy(stats, (s) => s.vehicleId)) {
      for (let i = 1; i < series.length; i++) {
        const [before, after] = [series[i - 1], series[i]];
        expect(after.odometerMeters!).toBeGreaterThanOrEqual(before.odometerMeters!);
        expect(after.engineSeconds!).toBeGreaterThanOrEqual(before.engineSeconds!);
        if (after.odometerMeters! > before.odometerMeters!) {
          drivingSamples++;
          expect(after.fuelPercent!).toBeLessThanOrEqual(before.fuelPercent!);
        }
        if (after.engineState === "On" && after.speed! > 0) expect(after.engineRpm!).toBeGreaterThanOrEqual(1200);
        if (after.engineState === "Off") expect(after.engineRpm).toBe(0);
      }
    }
    expect(drivingSamples).toBeGreaterThan(20);
  });

  it("logs duty status changes that alternate and follow the driving", async () => {
    const { db } = database();
    const logs = await db.select().from(hosLogs).orderBy(asc(hosLogs.driverId), asc(hosLogs.startTime));
    const drivers = groupBy(logs, (l) => l.driverId);
    expect(drivers.length).toBe(18);
    for (const entries of drivers) {
      for (let i = 1; i < entries.length; i++) expect(entries[i].status).not.toBe(entries[i - 1].status);
    }
    const driving = logs.filter((l) => l.status === "driving");
    expect(driving.length).toBeGreaterThan(10);
    // A driving entry starts where the vehicle starts moving: the GPS fix at that instant has speed.
    for (const entry of driving.filter((l) => l.startTime.getTime() > clock - 6 * HOUR)) {
      const [fix] = await queryRows<{ speed: number }>(
        db,
        sql`select speed from vehicle_positions where vehicle_id = ${entry.vehicleId} and time = ${entry.startTime.toISOString()}::timestamptz`,
      );
      expect(fix.speed).toBeGreaterThan(0);
    }
  });

  it("creates waste jobs for the past 7 and next 3 days, progressing with the visits, every field filled", async () => {
    const { db } = database();
    const jobs = await db.select().from(wasteJobs);
    expect(jobs.length).toBeGreaterThan(20);
    for (const job of jobs) {
      expect(WASTE_SERVICE_TYPES).toContain(job.serviceType);
      expect(job.pickUpClientName).not.toBe("");
      expect(job.pickUpAddress).toMatch(/^\d+ [NSEW] .+, Chicago, IL$/);
      expect(job.assignedToAssetId).not.toBeNull();
      expect(job.assignedToDriverId).not.toBeNull();
      expect(job.utcCreated.getTime()).toBeLessThanOrEqual(job.scheduledDate.getTime());
      const scheduled = job.scheduledDate.getTime();
      if (job.status === "Completed") expect(job.tonnage).toBeGreaterThan(0);
      else expect(job.tonnage).toBe(0);
      if (scheduled > clock + 24 * HOUR) expect(job.status).toMatch(/^(Scheduled|Cancelled)$/);
      if (scheduled < clock - 24 * HOUR) expect(job.status).toMatch(/^(Completed|Cancelled)$/);
    }
    const statuses = new Set(jobs.map((j) => j.status));
    for (const status of ["Scheduled", "Completed", "Cancelled"]) expect(statuses).toContain(status);
    const days = jobs.map((j) => j.scheduledDate.getTime());
    expect(Math.min(...days)).toBeLessThan(clock - 6 * 24 * HOUR);
    expect(Math.max(...days)).toBeGreaterThan(clock + 2 * 24 * HOUR);
  });

  it("restarts from the stored state without writing anything twice, then continues live", async () => {
    const { db } = database();
    const count = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from vehicle_positions`))[0].n;
    const [before, jobsBefore] = [await count(), (await db.select().from(wasteJobs)).length];
    let time = clock;
    const restarted = await createFleetSimulator({ db, seed: 7, backfillMs: 6 * HOUR, now: () => time });
    await restarted.backfill();
    expect(await count()).toBe(before);
    expect((await db.select().from(wasteJobs)).length).toBe(jobsBefore);
    time = clock + 60_000;
    expect(await restarted.tick()).toBeGreaterThan(0);
    expect(await count()).toBeGreaterThan(before);
    // The odometer continues from the stored value: still monotonic across the restart.
    const [{ n: regressions }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select odometer_meters < lag(odometer_meters) over (partition by vehicle_id order by time) as fell from
        vehicle_stat_samples) t where fell`,
    );
    expect(regressions).toBe(0);
  });
});

describe("day plans", () => {
  const vehicle = (id: number): SimVehicle => ({
    vehicleId: id,
    driverId: id,
    companyId: 1,
    dataset: "live",
    faultProtocol: "j1939",
    depot: DEPOTS[id % DEPOTS.length],
    sleeper: id % 4 === 0,
    wasteJobs: true,
    seed: 3,
    dayOffsetMs: 0,
  });

  it("keep part of a crewed fleet on the road at every hour of the day and night", () => {
    const crews = Array.from({ length: 30 }, (_, i) => ({ ...vehicle(i + 1), dayOffsetMs: CREW_DAY_OFFSETS_MS[i % CREW_DAY_OFFSETS_MS.length] }));
    const firstHour = dayStartOf(20_100);
    for (let hour = 0; hour < 24; hour++) {
      const time = firstHour + hour * HOUR;
      const driving = crews.filter((crew) => activityAt(buildDayPlan(crew, dayOfTime(time, crew.dayOffsetMs)), time).kind === "drive");
      expect(driving.length, `vehicles driving at local hour ${hour}`).toBeGreaterThan(0);
    }
  });

  it("respect the HOS limits on most days and break one on about one day in ten", () => {
    const plans = Array.from({ length: 300 }, (_, i) => buildDayPlan(vehicle(1 + (i % 30)), 20_000 + Math.floor(i / 30)));
    const workDays = plans.filter((p) => p.kind !== "rest");
    const violating = workDays.filter((p) => p.kind !== "normal").length / workDays.length;
    expect(violating).toBeGreaterThan(0.04);
    expect(violating).toBeLessThan(0.18);
    for (const plan of workDays) {
      const drives = plan.activities.filter((a) => a.kind === "drive");
      const drivingHours = drives.reduce((total, a) => total + (a.end - a.start), 0) / HOUR;
      // The shift runs from the pre-trip inspection (15 min before the first drive) to the end of the post-trip (20 min after the last).
      const shiftHours = (drives[drives.length - 1].end + 20 * 60_000 - (drives[0].start - 15 * 60_000)) / HOUR;
      if (plan.kind === "normal") {
        expect(drivingHours).toBeLessThanOrEqual(11);
        expect(shiftHours).toBeLessThanOrEqual(14);
      }
      if (plan.kind === "drive11") expect(drivingHours > 11 || shiftHours > 14).toBe(true);
      if (plan.kind === "window14") expect(shiftHours).toBeGreaterThan(14);
    }
  });

  it("give each vehicle one day off a week, parked all day", () => {
    for (const id of [1, 2, 3, 4, 5, 6, 7]) {
      const week = Array.from({ length: 7 }, (_, i) => buildDayPlan(vehicle(id), 20_200 + i));
      const rest = week.filter((plan) => plan.kind === "rest");
      expect(rest).toHaveLength(1);
      expect(rest[0].activities.every((a) => a.kind === "dwell" && a.engine === "Off")).toBe(true);
      expect(rest[0].distance).toBe(0);
    }
  });

  it("are deterministic for a seed", () => {
    expect(buildDayPlan(vehicle(5), 20_100)).toEqual(buildDayPlan(vehicle(5), 20_100));
    expect(buildDayPlan(vehicle(5), 20_100)).not.toEqual(buildDayPlan({ ...vehicle(5), seed: 4 }, 20_100));
  });
});
