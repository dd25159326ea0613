import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { companies, drivers, idlingEvents, speedingIntervals, telemetryCheckpoints, tripDetectorStates, trips, vehicles } from "@/db/schema";
import { createAssignment } from "@/lib/fleet/assignments";
import { operatorActor } from "@/lib/platform/audit";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { startOfDayInZone } from "@/lib/platform/zoned-time";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { buildTrack, MINUTE } from "./track-builder";

const database = useTestDatabase();
const processors = [tripProcessor];

let seeded: Promise<{ demoCompanyId: number }> | null = null;
let used = 0;

/** A vehicle of its own (tests share the file's database) with a fresh track starting `hoursAgo` on the minute. */
const setup = async (hoursAgo = 10) => {
  const { db } = database();
  const { demoCompanyId } = await (seeded ??= seedTestCompanies({ db, liveVehicles: 10 }));
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  const vehicle = (
    await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id))
  )[used++];
  const start = Math.floor((Date.now() - hoursAgo * 3_600_000) / MINUTE) * MINUTE;
  const track = buildTrack({ tenant, vehicleId: vehicle.id, start });
  const ingest = async (batch = { positions: track.positions.splice(0), stats: track.stats.splice(0) }) => {
    await ingestTelemetry({ db, batch });
    await runTelemetryProcessors({ db, processors });
  };
  const tripsOf = () =>
    db
      .select()
      .from(trips)
      .where(and(eq(trips.companyId, demoCompanyId), eq(trips.vehicleId, vehicle.id)))
      .orderBy(asc(trips.startTime));
  return { db, tenant, vehicle, start, track, ingest, tripsOf };
};

const minutesOf = (trip: { startTime: Date; endTime: Date }) => (trip.endTime.getTime() - trip.startTime.getTime()) / MINUTE;

describe("trip detection", () => {
  it("a parked vehicle's GPS jitter is no trip", async () => {
    const { track, ingest, tripsOf } = await setup();
    track.stand(30 * MINUTE, { engineOn: false, jitter: true });
    await ingest();
    expect(await tripsOf()).toEqual([]);
  });

  it("a 2-minute traffic stop does not split a trip, and the engine going off in a car park ends it", async () => {
    const { start, track, ingest, tripsOf, db, vehicle } = await setup();
    track
      .stand(MINUTE)
      .drive(10 * MINUTE)
      .stand(2 * MINUTE)
      .drive(10 * MINUTE)
      .stand(20 * MINUTE, { engineOn: false, jitter: true });
    await ingest();
    const [trip, ...more] = await tripsOf();
    expect(more).toEqual([]);
    expect(trip.startTime.getTime()).toBe(start + MINUTE);
    // It ends when the engine goes off, not with the car park's jitter afterwards.
    expect(trip.endTime.getTime()).toBe(start + 23 * MINUTE);
    // The odometer: 20 minutes at 15 m/s.
    expect(trip.distanceMeters).toBeCloseTo(20 * 60 * 15, -2);
    expect(trip.maxSpeed).toBeCloseTo(15);
    expect(trip.startAddress).toMatch(/Chicago|41\.88/);
    expect(trip.fuelUsedPercent).toBeGreaterThan(0);
    // Two minutes is under the idle minimum (5): no idling event.
    expect(await db.select().from(idlingEvents).where(eq(idlingEvents.vehicleId, vehicle.id))).toEqual([]);
  });

  it("a stop of 5 minutes or more ends the trip where the vehicle came to rest, and records the idle", async () => {
    const { start, track, ingest, tripsOf, db, vehicle } = await setup();
    track
      .stand(MINUTE)
      .drive(10 * MINUTE)
      .stand(7 * MINUTE)
      .drive(10 * MINUTE)
      .stand(10 * MINUTE, { engineOn: false });
    await ingest();
    const found = await tripsOf();
    expect(found.map((trip) => [trip.startTime.getTime() - start, minutesOf(trip)])).toEqual([
      [MINUTE, 10],
      [18 * MINUTE, 10],
    ]);
    const idles = await db.select().from(idlingEvents).where(eq(idlingEvents.vehicleId, vehicle.id));
    expect(idles.map((idle) => [idle.startTime.getTime() - start, minutesOf(idle)])).toEqual([[11 * MINUTE, 7]]);
  });

  it("the company's idle minimum and speeding threshold decide idles and speeding intervals", async () => {
    const { start, track, ingest, db, tenant, vehicle } = await setup();
    await db.update(companies).set({ idleMinimumMinutes: 10, speedingThreshold: 30 }).where(eq(companies.id, tenant.companyId));
    track
      .drive(5 * MINUTE)
      .stand(7 * MINUTE)
      .drive(2 * MINUTE, 36)
      .drive(5 * MINUTE, 20)
      .stand(12 * MINUTE)
      .stand(MINUTE, { engineOn: false });
    await ingest();
    const idles = await db.select().from(idlingEvents).where(eq(idlingEvents.vehicleId, vehicle.id));
    expect(idles.map((idle) => [idle.startTime.getTime() - start, minutesOf(idle)])).toEqual([[19 * MINUTE, 12]]);
    const speeding = await db.select().from(speedingIntervals).where(eq(speedingIntervals.vehicleId, vehicle.id));
    expect(
      speeding.map((interval) => [interval.vehicleId, interval.startTime.getTime() - start, minutesOf(interval), interval.maxSpeed, interval.thresholdSpeed]),
    ).toEqual([[vehicle.id, 12 * MINUTE, 2, 36, 30]]);
    await db.update(companies).set({ idleMinimumMinutes: 5, speedingThreshold: 33.333332 }).where(eq(companies.id, tenant.companyId));
  });

  it("late points fill a gap and the two trips it made become one", async () => {
    const { start, track, ingest, tripsOf } = await setup();
    track.stand(MINUTE).drive(10 * MINUTE);
    const before = { positions: track.positions.splice(0), stats: track.stats.splice(0) };
    track.drive(8 * MINUTE);
    const gap = { positions: track.positions.splice(0), stats: track.stats.splice(0) };
    track.drive(10 * MINUTE).stand(10 * MINUTE, { engineOn: false });
    await ingest({ positions: [...before.positions, ...track.positions.splice(0)], stats: [...before.stats, ...track.stats.splice(0)] });
    // Eight silent minutes ended the first trip at its last report, 10 s before the gap.
    expect((await tripsOf()).map(minutesOf)).toEqual([10 - 1 / 6, 10]);
    await ingest(gap);
    const [trip, ...more] = await tripsOf();
    expect(more).toEqual([]);
    expect([trip.startTime.getTime() - start, minutesOf(trip)]).toEqual([MINUTE, 28]);
    expect(trip.distanceMeters).toBeCloseTo(28 * 60 * 15, -2);
  });

  it("a trip across midnight is one trip, with the vehicle's assigned driver", async () => {
    const { db, tenant, vehicle } = await setup();
    const [driver] = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.companyId, tenant.companyId), eq(drivers.dataset, "live")))
      .orderBy(asc(drivers.id))
      .limit(1);
    await db
      .update(drivers)
      .set({ staticAssignedVehicleId: vehicle.id })
      .where(and(eq(drivers.companyId, tenant.companyId), eq(drivers.id, driver.id)));
    // The last midnight in the company's zone (America/Chicago).
    const localMidnight = startOfDayInZone(Date.now(), "America/Chicago").getTime();
    const start = localMidnight - 10 * MINUTE - MINUTE;
    const track = buildTrack({ tenant, vehicleId: vehicle.id, start });
    track
      .stand(MINUTE)
      .drive(30 * MINUTE)
      .stand(5 * MINUTE, { engineOn: false });
    await ingestTelemetry({ db, batch: { positions: track.positions, stats: track.stats } });
    await runTelemetryProcessors({ db, processors });
    const found = await db
      .select()
      .from(trips)
      .where(and(eq(trips.companyId, tenant.companyId), eq(trips.vehicleId, vehicle.id)));
    expect(found.map((trip) => [trip.startTime.getTime() - localMidnight, minutesOf(trip), trip.driverId])).toEqual([[-10 * MINUTE, 30, driver.id]]);
  });

  it("detects from the beginning of a tenant's history, once, whatever the batching", async () => {
    const { track, tripsOf, db } = await setup();
    track
      .stand(MINUTE)
      .drive(10 * MINUTE)
      .stand(6 * MINUTE)
      .drive(10 * MINUTE)
      .stand(5 * MINUTE, { engineOn: false });
    const { positions, stats } = track;
    for (let k = 0; k < positions.length; k += 17)
      await ingestTelemetry({
        db,
        batch: {
          positions: positions.slice(k, k + 17),
          stats: stats.filter((stat) => stat.time >= positions[k].time && stat.time < (positions[k + 17]?.time ?? new Date(8e15))),
        },
      });
    await runTelemetryProcessors({ db, processors, window: 23 });
    await runTelemetryProcessors({ db, processors });
    expect((await tripsOf()).map(minutesOf)).toEqual([10, 10]);
  });

  it("each trip, idle and speeding interval gets who drove at its start: the assignment, else the static driver unless assigned elsewhere", async () => {
    const { db, tenant, vehicle, start, track, ingest, tripsOf } = await setup();
    const fleet = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.companyId, tenant.companyId), eq(drivers.dataset, "live")))
      .orderBy(asc(drivers.id));
    const staticDriver = fleet.find((driver) => driver.staticAssignedVehicleId === vehicle.id)!;
    const [relief, elsewhere] = [fleet.at(-1)!, fleet.at(-2)!];
    const assign = (driverId: number, vehicleId: number, from: number, to: number) =>
      createAssignment({
        db,
        ...tenant,
        input: { driverId, vehicleId, startTime: new Date(start + from * MINUTE), endTime: new Date(start + to * MINUTE) },
        source: "api",
        actor: operatorActor("tests"),
      });
    // The relief driver has the vehicle 16–40 min; from 45 min its static driver is in another vehicle.
    await assign(relief.id, vehicle.id, 16, 40);
    await assign(staticDriver.id, elsewhere.staticAssignedVehicleId!, 45, 70);
    track
      .stand(MINUTE)
      .drive(10 * MINUTE)
      .stand(10 * MINUTE, { engineOn: false });
    track
      .drive(2 * MINUTE, 36)
      .drive(8 * MINUTE)
      .stand(7 * MINUTE)
      .stand(10 * MINUTE, { engineOn: false });
    track.drive(10 * MINUTE).stand(10 * MINUTE, { engineOn: false });
    await ingest();
    const startsAndDrivers = (rows: { startTime: Date; driverId: number | null }[]) =>
      rows.map((row) => [(row.startTime.getTime() - start) / MINUTE, row.driverId]);
    expect(startsAndDrivers(await tripsOf())).toEqual([
      [1, staticDriver.id],
      [21, relief.id],
      [48, null],
    ]);
    const idles = await db
      .select()
      .from(idlingEvents)
      .where(and(eq(idlingEvents.companyId, tenant.companyId), eq(idlingEvents.vehicleId, vehicle.id)));
    expect(startsAndDrivers(idles)).toEqual([[31, relief.id]]);
    const speeding = await db
      .select()
      .from(speedingIntervals)
      .where(and(eq(speedingIntervals.companyId, tenant.companyId), eq(speedingIntervals.vehicleId, vehicle.id)));
    expect(startsAndDrivers(speeding)).toEqual([[21, relief.id]]);
  });

  it("a process that continues where another left off, its states not yet written, detects what one process would", async () => {
    const { db, tenant, start, track, ingest, tripsOf } = await setup();
    const checkpointWhere = and(
      eq(telemetryCheckpoints.companyId, tenant.companyId),
      eq(telemetryCheckpoints.dataset, tenant.dataset),
      eq(telemetryCheckpoints.processor, tripProcessor.name),
    );
    // The first window writes the states; the next ones, within 10 s, keep them in this process only. The
    // processor's clock stands still meanwhile: on a loaded machine the two windows can be 10 s apart.
    const now = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    try {
      track.stand(MINUTE).drive(10 * MINUTE, 36);
      await ingest();
      track.drive(10 * MINUTE).stand(2 * MINUTE);
      await ingest();
    } finally {
      now.mockRestore();
    }
    const [written] = await db.select().from(telemetryCheckpoints).where(checkpointWhere);
    expect(written.stateSeq).toBeLessThan(written.seq);
    // Another instance's window stamps the checkpoint: this process's memory no longer stands, and the
    // stored states are rolled forward over what came since they were written.
    await db
      .update(telemetryCheckpoints)
      .set({ updatedAt: new Date(Date.now() + 1_000) })
      .where(checkpointWhere);
    track.drive(5 * MINUTE).stand(20 * MINUTE, { engineOn: false });
    await ingest();
    const [trip, ...more] = await tripsOf();
    expect(more).toEqual([]);
    expect([trip.startTime.getTime() - start, trip.endTime.getTime() - start]).toEqual([MINUTE, 28 * MINUTE]);
    expect(trip.distanceMeters).toBeCloseTo(10 * 60 * 36 + 15 * 60 * 15, -2);
    expect(trip.maxSpeed).toBeCloseTo(36);
    const speeding = await db
      .select()
      .from(speedingIntervals)
      .where(and(eq(speedingIntervals.companyId, tenant.companyId), eq(speedingIntervals.vehicleId, trip.vehicleId)));
    expect(speeding.map((interval) => (interval.startTime.getTime() - start) / MINUTE)).toEqual([1]);
  });

  it(
    "a window handed again from its starting state (checkpoint and detector state as before it) lists " + "each trip, idle and speeding interval once",
    async () => {
      const { db, tenant, vehicle, track, ingest, tripsOf } = await setup();
      track.stand(MINUTE).drive(10 * MINUTE, 36);
      await ingest();
      const checkpointWhere = and(
        eq(telemetryCheckpoints.companyId, tenant.companyId),
        eq(telemetryCheckpoints.dataset, tenant.dataset),
        eq(telemetryCheckpoints.processor, tripProcessor.name),
      );
      const stateWhere = and(
        eq(tripDetectorStates.companyId, tenant.companyId),
        eq(tripDetectorStates.dataset, tenant.dataset),
        eq(tripDetectorStates.vehicleId, vehicle.id),
      );
      const [checkpoint] = await db.select().from(telemetryCheckpoints).where(checkpointWhere);
      const [state] = await db.select().from(tripDetectorStates).where(stateWhere);
      // The window that closes the open trip and speeding interval, and an idle.
      track.stand(7 * MINUTE).stand(10 * MINUTE, { engineOn: false });
      await ingest();
      const once = {
        trips: await tripsOf(),
        idles: await db.select().from(idlingEvents).where(eq(idlingEvents.vehicleId, vehicle.id)),
        speeding: await db.select().from(speedingIntervals).where(eq(speedingIntervals.vehicleId, vehicle.id)),
      };
      expect(once.trips.map(minutesOf)).toEqual([10]);
      expect(once.idles).toHaveLength(1);
      expect(once.speeding).toHaveLength(1);
      // The checkpoint and the vehicle's stored state put back as before that window (the state may not
      // have been written yet: states are written every 10 s): the window is handed and detected again.
      await db.update(telemetryCheckpoints).set({ seq: checkpoint.seq, stateSeq: checkpoint.stateSeq, updatedAt: checkpoint.updatedAt }).where(checkpointWhere);
      if (state) {
        // Its key left out: Citus refuses an UPDATE that sets the distribution column, even to its own value.
        const saved = Object.fromEntries(Object.entries(state).filter(([column]) => !["companyId", "dataset", "vehicleId"].includes(column)));
        await db.update(tripDetectorStates).set(saved).where(stateWhere);
      } else await db.delete(tripDetectorStates).where(stateWhere);
      await runTelemetryProcessors({ db, processors });
      expect((await tripsOf()).map((trip) => [trip.startTime, trip.endTime])).toEqual(once.trips.map((trip) => [trip.startTime, trip.endTime]));
      expect(await db.select().from(idlingEvents).where(eq(idlingEvents.vehicleId, vehicle.id))).toHaveLength(1);
      expect(await db.select().from(speedingIntervals).where(eq(speedingIntervals.vehicleId, vehicle.id))).toHaveLength(1);
    },
  );
});
