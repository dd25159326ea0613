import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, drivers, idlingEvents, places, trips, vehicleState, vehicles } from "@/db/schema";
import { boundingBox } from "@/lib/fleet/places/place-geometry";
import { buildReport } from "@/lib/reports/build-report";
import { reportToCsv, streamReportCsv, streamReportXlsx } from "@/lib/reports/export-report";
import { parseReportParams } from "@/lib/reports/report-params";
import { rebuildActivityDays } from "@/lib/processing/trips/activity-days";
import { seedTestCompanies } from "../helpers/seeded";
import { useTestDatabase } from "../helpers/test-database";

const database = useTestDatabase();
const ZONE = "America/Chicago";
let tenant: { companyId: number; dataset: "live" };
let vehicle: { id: number; name: string };
let driver: { id: number; name: string };

const at = (iso: string) => new Date(iso);
const trip = (start: string, end: string, meters: number) => ({
  ...tenant,
  vehicleId: vehicle.id,
  driverId: driver.id,
  startTime: at(start),
  endTime: at(end),
  startLatitude: 41.88,
  startLongitude: -87.63,
  startAddress: "105 S State St, Chicago, IL",
  endLatitude: 41.9,
  endLongitude: -87.63,
  endAddress: "1800 N Halsted St, Chicago, IL",
  distanceMeters: meters,
  maxSpeed: 20,
  fuelUsedPercent: 1,
});

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
  tenant = { companyId: demoCompanyId, dataset: "live" };
  [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
    .orderBy(asc(vehicles.id));
  [driver] = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, demoCompanyId), eq(drivers.dataset, "live")))
    .orderBy(asc(drivers.id));
  // 1 November 2026 is the 25-hour day Chicago leaves daylight time (02:00 CDT → 01:00 CST, 07:00 UTC).
  await db.insert(trips).values([
    trip("2026-11-01T05:30:00Z", "2026-11-01T06:00:00Z", 10_000), // 00:30 CDT on the 1st
    trip("2026-11-01T06:40:00Z", "2026-11-01T07:20:00Z", 20_000), // 01:40 CDT → 01:20 CST: 40 minutes across the change
    trip("2026-11-02T05:50:00Z", "2026-11-02T06:20:00Z", 30_000), // 23:50 CST on the 1st, across midnight: counts on the 1st
    trip("2026-11-02T06:30:00Z", "2026-11-02T07:00:00Z", 5_000), // 00:30 CST on the 2nd
  ]);
  await db.insert(idlingEvents).values({
    ...tenant,
    vehicleId: vehicle.id,
    driverId: driver.id,
    startTime: at("2026-11-01T06:00:00Z"),
    endTime: at("2026-11-01T06:40:00Z"),
    latitude: 41.9,
    longitude: -87.63,
    address: "1800 N Halsted St, Chicago, IL",
    fuelUsedPercent: 0.5,
  });
  // Another company's trip on the same day is in no report of this one.
  await db.insert(trips).values({ ...trip("2026-11-01T05:30:00Z", "2026-11-01T06:00:00Z", 99_000), companyId: otherCompanyId });
  // Written here without the trip processor, so the activity days are built as a zone change builds them.
  await rebuildActivityDays({ db, companyId: demoCompanyId, timeZone: ZONE });
  await rebuildActivityDays({ db, companyId: otherCompanyId, timeZone: ZONE });
});

const report = async (params: Record<string, string | string[]>) =>
  buildReport({ db: database().db, tenant, params: parseReportParams({ params, timeZone: ZONE, now: at("2026-11-03T12:00:00Z") }), timeZone: ZONE });

describe("reports", () => {
  it("the daily summary counts each trip on the local day it started, the 25-hour day included", async () => {
    const daily = await report({ kind: "daily", from: "2026-11-01", to: "2026-11-02" });
    // The demo company counts in miles (its default).
    expect(daily.rows.map((row) => [row.day, row.trips, row.distance, row.driving, row.idle, row.engine, row.fuel])).toEqual([
      ["2026-11-01", 3, Math.round((60_000 / 1609.344) * 10) / 10, 100, 40, 140, 3.5],
      ["2026-11-02", 1, Math.round((5_000 / 1609.344) * 10) / 10, 30, 0, 30, 1],
    ]);
    expect(daily.totals).toMatchObject({ trips: 4, driving: 130, idle: 40 });
  });

  it("the daily summary shows no engine time for a vehicle that reports no engine, such as an OsmAnd phone", async () => {
    const { db } = database();
    const state = and(eq(vehicleState.companyId, tenant.companyId), eq(vehicleState.vehicleId, vehicle.id));
    const [kept] = await db.select().from(vehicleState).where(state);
    await db.delete(vehicleState).where(state);
    // A phone's latest report: a position and a speed, no engine state or hours.
    await db
      .insert(vehicleState)
      .values({ ...tenant, vehicleId: vehicle.id, locationTime: at("2026-11-02T07:00:00Z"), latitude: 41.9, longitude: -87.63, speed: 0 });
    try {
      const daily = await report({ kind: "daily", from: "2026-11-01", to: "2026-11-02" });
      expect(daily.rows.map((row) => [row.day, row.driving, row.engine])).toEqual([
        ["2026-11-01", 100, null],
        ["2026-11-02", 30, null],
      ]);
    } finally {
      await db.delete(vehicleState).where(state);
      if (kept) await db.insert(vehicleState).values(kept);
    }
  });

  it("the trips report lists the range's trips with totals; stops lie between them", async () => {
    const tripsReport = await report({ kind: "trips", from: "2026-11-01", to: "2026-11-01", vehicleIds: String(vehicle.id) });
    expect(tripsReport.rows.map((row) => [row.start, row.minutes, row.driver])).toEqual([
      ["2026-11-01T05:30:00.000Z", 30, driver.name],
      ["2026-11-01T06:40:00.000Z", 40, driver.name],
      ["2026-11-02T05:50:00.000Z", 30, driver.name],
    ]);
    expect(tripsReport.totals.minutes).toBe(100);
    const stops = await report({ kind: "stops", from: "2026-11-01", to: "2026-11-01" });
    expect(stops.rows.map((row) => [row.start, row.minutes, row.place])).toEqual([
      ["2026-11-01T06:00:00.000Z", 40, "1800 N Halsted St, Chicago, IL"],
      ["2026-11-01T07:20:00.000Z", 1350, "1800 N Halsted St, Chicago, IL"],
    ]);
  });

  it("the daily summary's driver filter keeps the days of that driver's trips and idles only", async () => {
    expect((await report({ kind: "daily", from: "2026-11-01", to: "2026-11-02", driverIds: String(driver.id) })).rows.map((row) => row.trips)).toEqual([3, 1]);
    expect((await report({ kind: "daily", from: "2026-11-01", to: "2026-11-02", driverIds: String(driver.id + 1) })).rows).toEqual([]);
  });

  it("time at places: per vehicle and place, the visits and time of the stops at the place, by the tenant's places", async () => {
    const { db } = database();
    const place = (
      name: string,
      shape: { latitude: number; longitude: number; radiusMeters: number | null; vertices: { latitude: number; longitude: number }[] | null },
      companyId = tenant.companyId,
    ) => ({
      ...tenant,
      companyId,
      name,
      formattedAddress: name,
      ...shape,
      ...boundingBox(shape),
    });
    const northSide = [
      { latitude: 41.85, longitude: -87.7 },
      { latitude: 41.95, longitude: -87.7 },
      { latitude: 41.95, longitude: -87.6 },
      { latitude: 41.85, longitude: -87.6 },
    ];
    const { otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
    await db.insert(places).values([
      // Every trip ends at 41.9, -87.63: in the yard's circle and in the north side's polygon, far from Pittsburgh.
      place("Halsted yard", { latitude: 41.9005, longitude: -87.63, radiusMeters: 150, vertices: null }),
      place("North side", { latitude: 41.9, longitude: -87.65, radiusMeters: null, vertices: northSide }),
      place("Pittsburgh depot", { latitude: 40.44, longitude: -79.99, radiusMeters: 500, vertices: null }),
      place("Another company's yard", { latitude: 41.9, longitude: -87.63, radiusMeters: 500, vertices: null }, otherCompanyId),
    ]);
    // Stops: 06:00–06:40 UTC on the 1st (40 min), 07:20 on the 1st to 05:50 on the 2nd (1,350 min), 06:20–06:30 on the 2nd (10 min).
    const both = await report({ kind: "places", from: "2026-11-01", to: "2026-11-02" });
    expect(both.rows).toEqual([
      { vehicle: vehicle.name, place: "Halsted yard", visits: 3, minutes: 1_400 },
      { vehicle: vehicle.name, place: "North side", visits: 3, minutes: 1_400 },
    ]);
    expect(both.totals).toEqual({ visits: 6, minutes: 2_800 });
    expect(reportToCsv(both, ZONE).trimEnd().split("\r\n")).toEqual([
      "Vehicle,Place,Visits,Time inside (min)",
      `${vehicle.name},Halsted yard,3,1400`,
      `${vehicle.name},North side,3,1400`,
      "Total,,6,2800",
    ]);
    // The 1st alone (its three trips, the last starting 23:50 local): the two stops between them.
    expect((await report({ kind: "places", from: "2026-11-01", to: "2026-11-01" })).rows.map((row) => [row.place, row.visits, row.minutes])).toEqual([
      ["Halsted yard", 2, 1_390],
      ["North side", 2, 1_390],
    ]);
  });

  it("the driver summary sums driving per driver", async () => {
    const summary = await report({ kind: "drivers", from: "2026-11-01", to: "2026-11-02" });
    expect(summary.rows).toEqual([expect.objectContaining({ driver: driver.name, trips: 4, minutes: 130 })]);
  });

  it("CSV holds the table's rows with local times, and a totals row; Excel is a workbook", async () => {
    const tripsReport = await report({ kind: "trips", from: "2026-11-01", to: "2026-11-01" });
    const lines = reportToCsv(tripsReport, ZONE).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[0]).toContain("Vehicle,Driver,Start,End");
    expect(lines[2]).toContain("2026-11-01T01:40:00-05:00,2026-11-01T01:20:00-06:00");
    expect(lines[4]).toMatch(/^Total,/);
    expect(await new Response(streamReportCsv(tripsReport, ZONE)).text()).toBe(reportToCsv(tripsReport, ZONE));
    const workbook = Buffer.from(await new Response(await streamReportXlsx(tripsReport, ZONE)).arrayBuffer());
    expect(workbook.subarray(0, 2).toString()).toBe("PK");
  });

  it("names a trip's ends by the company's place, else the street address, else the nearest town in the company's unit", async () => {
    const { db } = database();
    const [, second] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, tenant.companyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id));
    const depot = { latitude: 52.4, longitude: 13.06, radiusMeters: 300, vertices: null };
    await db.insert(places).values({ ...tenant, name: "Potsdam depot", formattedAddress: "Potsdam depot", ...depot, ...boundingBox(depot) });
    const leg = (start: string, from: [number, number], to: [number, number], toAddress?: string) => ({
      ...trip(start, new Date(at(start).getTime() + 3_600_000).toISOString(), 50_000),
      vehicleId: second.id,
      startLatitude: from[0],
      startLongitude: from[1],
      startAddress: `${from[0].toFixed(5)}, ${from[1].toFixed(5)}`,
      endLatitude: to[0],
      endLongitude: to[1],
      endAddress: toAddress ?? `${to[0].toFixed(5)}, ${to[1].toFixed(5)}`,
    });
    // From the depot out to the Baltic coast north of Rügen, then to a street the geocoder knew.
    await db
      .insert(trips)
      .values([
        leg("2026-11-05T08:00:00Z", [52.4, 13.06], [54.75, 13.2]),
        leg("2026-11-05T12:00:00Z", [54.75, 13.2], [41.8, -87.63], "4700 S State St, Chicago, IL"),
      ]);
    const ends = async () =>
      (await report({ kind: "trips", from: "2026-11-05", to: "2026-11-05", vehicleIds: String(second.id) })).rows.map((row) => [row.from, row.to]);
    const inMiles = await ends();
    expect(inMiles).toEqual([
      ["Potsdam depot", expect.stringMatching(/^\d+ mi (N|NE|E|SE|S|SW|W|NW) of .+, DE$/)],
      [inMiles[0][1], "4700 S State St, Chicago, IL"],
    ]);
    await db.update(companies).set({ distanceUnit: "km" }).where(eq(companies.id, tenant.companyId));
    try {
      const inKm = await ends();
      expect(inKm[0]).toEqual(["Potsdam depot", expect.stringMatching(/^\d+ km (N|NE|E|SE|S|SW|W|NW) of .+, DE$/)]);
      const stops = await report({ kind: "stops", from: "2026-11-05", to: "2026-11-05", vehicleIds: String(second.id) });
      expect(stops.rows.map((row) => row.place)).toEqual([inKm[0][1]]);
    } finally {
      await db.update(companies).set({ distanceUnit: "mi" }).where(eq(companies.id, tenant.companyId));
    }
  });

  it("refuses a range over 35 days or ids that are not ids, naming the field", async () => {
    await expect(report({ kind: "trips", from: "2026-09-01", to: "2026-11-01" })).rejects.toThrow(/35 days/);
    await expect(report({ kind: "trips", vehicleIds: "x" })).rejects.toThrow(/vehicleIds/);
    await expect(report({ kind: "nope" })).rejects.toThrow(/kind/);
  });
});
