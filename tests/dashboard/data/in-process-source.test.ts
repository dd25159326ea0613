import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { faultCodes, vehicles } from "@/db/schema";
import { summarizeTrip } from "@/lib/dashboard/view/trip-summary";
import { createInProcessSource } from "@/lib/dashboard/data/in-process-source";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry, type PositionReport, type StatSample } from "@/lib/telemetry/store";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const START = Date.now() - 60 * 60_000;
const at = (minutes: number) => new Date(START + minutes * 60_000);

/** Demo's first vehicle drives north for 10 minutes, stops 5, drives on 5; everyone else reports once. */
const setup = async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 4 });
  const fleet = await db.select().from(vehicles).where(eq(vehicles.dataset, "live")).orderBy(asc(vehicles.id));
  const demo = fleet.filter((v) => v.companyId === demoCompanyId);
  const other = fleet.filter((v) => v.companyId === otherCompanyId);
  const tenantOf = (companyId: number) => ({ companyId, dataset: "live" as const });
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  for (let minute = 0; minute <= 20; minute++) {
    const stopped = minute >= 10 && minute < 15;
    const latitude = 41.88 + Math.min(minute, 10) * 0.005 + Math.max(0, minute - 15) * 0.005;
    positions.push({ ...tenantOf(demoCompanyId), vehicleId: demo[0].id, time: at(minute), latitude, longitude: -87.63, speed: stopped ? 0 : 9, heading: 0 });
    stats.push({
      ...tenantOf(demoCompanyId),
      vehicleId: demo[0].id,
      time: at(minute),
      engineRpm: stopped ? 700 : 1500,
      fuelPercent: 80 - minute * 0.1,
      odometerMeters: 1e6 + minute * 500,
      engineSeconds: 3.6e6 + minute * 60,
      speed: stopped ? 0 : 9,
      engineState: stopped ? "Idle" : "On",
    });
  }
  for (const vehicle of [...demo.slice(1), ...other]) {
    positions.push({ ...tenantOf(vehicle.companyId), vehicleId: vehicle.id, time: at(20), latitude: 41.7, longitude: -87.7, speed: 0, heading: 90 });
  }
  await ingestTelemetry({ db, batch: { positions, stats } });
  await db.insert(faultCodes).values({
    ...tenantOf(demoCompanyId),
    vehicleId: demo[0].id,
    protocol: "obdii",
    dtcShortCode: "P0128",
    description: "Coolant thermostat",
    firstSeenAt: at(12),
    lastSeenAt: at(14),
  });
  await runTelemetryProcessors({ db, processors: [tripProcessor] });
  return { demoCompanyId, otherCompanyId, demo, other };
};

let fixture: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  fixture = await setup();
});
const sourceFor = (companyId: number) => createInProcessSource({ db: getDb(), companyId, dataset: "live" });
const RANGE = { start: at(-5), end: at(30) };

describe("dashboard data (in-process source)", () => {
  it("gives each company only its own live vehicles, with latest location, stats and driver", async () => {
    const { demoCompanyId, otherCompanyId, demo, other } = fixture;
    const demoSnapshot = await sourceFor(demoCompanyId).getSnapshot();
    const otherSnapshot = await sourceFor(otherCompanyId).getSnapshot();
    expect(demoSnapshot.vehicles.map((v) => v.id).sort()).toEqual(demo.map((v) => String(v.id)).sort());
    expect(otherSnapshot.vehicles.map((v) => v.id).sort()).toEqual(other.map((v) => String(v.id)).sort());
    const first = demoSnapshot.vehicles.find((v) => v.id === String(demo[0].id));
    expect(first?.location).toMatchObject({ latitude: expect.closeTo(41.955, 6), speed: 9 });
    expect(first?.stats).toMatchObject({ engineState: "On", odometerMeters: 1e6 + 20 * 500 });
    expect(first?.driverName).toBeTruthy();
  });

  it("never shows Other Fleet a Demo Fleet vehicle: panel, history and stats are 404, the picker leaves it out", async () => {
    const { otherCompanyId, demo } = fixture;
    const source = sourceFor(otherCompanyId);
    await expect(source.getVehicleDetails({ vehicleId: demo[0].id })).rejects.toMatchObject({ code: "not_found" });
    await expect(source.getLocationHistory({ vehicleId: demo[0].id, range: RANGE })).rejects.toMatchObject({ code: "not_found" });
    await expect(source.getStatsHistory({ vehicleId: demo[0].id, range: RANGE })).rejects.toMatchObject({ code: "not_found" });
    expect((await source.listVehicleOptions()).map((v) => v.id)).not.toContain(String(demo[0].id));
  });

  it("polls only what changed since the cursors, and refuses another company's cursor", async () => {
    const { demoCompanyId, otherCompanyId, demo } = fixture;
    const source = sourceFor(demoCompanyId);
    const snapshot = await source.getSnapshot();
    const none = await source.getChanges({ locationsAfter: snapshot.locationsCursor, statsAfter: snapshot.statsCursor });
    expect(none.locations).toEqual([]);
    await ingestTelemetry({
      db: getDb(),
      batch: {
        positions: [
          { companyId: demoCompanyId, dataset: "live", vehicleId: demo[1].id, time: at(21), latitude: 41.71, longitude: -87.71, speed: 4, heading: 45 },
        ],
      },
    });
    const changes = await source.getChanges({ locationsAfter: none.locationsCursor, statsAfter: none.statsCursor });
    expect(changes.locations).toEqual([{ id: String(demo[1].id), location: expect.objectContaining({ latitude: 41.71, speed: 4 }) }]);
    await expect(sourceFor(otherCompanyId).getChanges({ locationsAfter: snapshot.locationsCursor, statsAfter: snapshot.statsCursor })).rejects.toMatchObject({
      code: "bad_request",
    });
  });

  it("returns the breadcrumb whose summary finds the 5-minute stop and the distance driven", async () => {
    const { demoCompanyId, demo } = fixture;
    const history = await sourceFor(demoCompanyId).getLocationHistory({ vehicleId: demo[0].id, range: RANGE });
    expect(history.points).toHaveLength(21);
    const summary = summarizeTrip(history.points);
    expect(summary.stops).toHaveLength(1);
    expect(summary.stops[0].durationMs).toBe(4 * 60_000);
    expect(summary.distanceMeters).toBeCloseTo(15 * 0.005 * 111_195, -2);
    // The trip detector's trips of the range, to jump to: the drive before the stop.
    expect(history.trips).toEqual([
      expect.objectContaining({ startTime: at(0).toISOString(), endTime: at(10).toISOString(), from: "105 S State St, Chicago, IL" }),
    ]);
  });

  it("returns five stats series and the fault codes seen in the range, and the panel's active codes", async () => {
    const { demoCompanyId, demo } = fixture;
    const source = sourceFor(demoCompanyId);
    const stats = await source.getStatsHistory({ vehicleId: demo[0].id, range: RANGE });
    for (const name of ["fuelPercent", "engineRpm", "odometerMeters", "engineSeconds", "speed"] as const) expect(stats.series[name]).toHaveLength(21);
    expect(stats.faultCodes).toEqual([expect.objectContaining({ code: "P0128", firstSeenAt: at(12).toISOString() })]);
    const outside = await source.getStatsHistory({ vehicleId: demo[0].id, range: { start: at(15), end: at(30) } });
    expect(outside.faultCodes).toEqual([]);
    const details = await source.getVehicleDetails({ vehicleId: demo[0].id });
    expect(details.activeFaultCodes.map((code) => code.code)).toEqual(["P0128"]);
    expect(details.driver?.name).toBe(details.vehicle.driverName);
  });
});
