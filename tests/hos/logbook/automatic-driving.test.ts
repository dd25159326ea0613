import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { intArray, queryRows } from "@/db/rows";
import { hosLogs, unassignedDriving } from "@/db/schema";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import { useTestDatabase } from "../../helpers/test-database";
import { addVehicleAndDriver, ingestAndProcess, recordedTrack, seedLogbookCompanies } from "./logbook-fixtures";

const MINUTE = 60_000;
const database = useTestDatabase();
let companyId = 0;

beforeAll(async () => {
  ({ demoCompanyId: companyId } = await seedLogbookCompanies({ db: database().db, liveVehicles: 2 }));
});

const logOf = async (driverId: number) => {
  const { db } = database();
  return db
    .select()
    .from(hosLogs)
    .where(and(eq(hosLogs.companyId, companyId), eq(hosLogs.driverId, driverId)))
    .orderBy(asc(hosLogs.startTime));
};

describe("automatic driving", () => {
  it("makes the vehicle's driver Driving when it moves and, unanswered, On Duty a minute after it has stood 5 minutes, with place names", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 3 * 3_600_000);
    await db
      .insert(hosLogs)
      .values({ companyId, dataset: "live", driverId: driver!.id, status: "onDuty", startTime: new Date(start.getTime() - MINUTE), origin: "manual" });
    await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 20 }) });
    const log = await logOf(driver!.id);
    expect(log.map((entry) => [entry.status, entry.origin])).toEqual([
      ["onDuty", "manual"],
      ["driving", "automatic"],
      ["onDuty", "automatic"],
    ]);
    // The first point above 5 mph, and 6 minutes after it came to rest (5 minutes, then the stop prompt's minute: 4.4.1.2).
    expect(log[1].startTime.getTime()).toBe(start.getTime() + 2 * MINUTE + 30_000);
    expect(log[2].startTime.getTime()).toBe(start.getTime() + 28 * MINUTE + 30_000);
    expect(log[1].vehicleId).toBe(vehicle.id);
    expect(log[1].locationName).toMatch(/, IL$/);
    expect(log[1].locationName).not.toMatch(/\d+\.\d{3}/);
  });

  it("finds the same drive when the track arrives in many small batches", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 5 * 3_600_000);
    await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 15 }), batch: 3 });
    const log = await logOf(driver!.id);
    expect(log.map((entry) => entry.status)).toEqual(["driving", "onDuty"]);
    expect(log[1].startTime.getTime() - log[0].startTime.getTime()).toBe(21 * MINUTE);
  });

  it("keeps a driver's chosen personal conveyance or yard move while the vehicle moves", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 7 * 3_600_000);
    await db.insert(hosLogs).values({ companyId, dataset: "live", driverId: driver!.id, status: "personalConveyance", startTime: start, origin: "manual" });
    await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 10 }) });
    expect((await logOf(driver!.id)).map((entry) => entry.status)).toEqual(["personalConveyance"]);
  });

  it("records motion of a vehicle with no driver as an unassigned driving segment", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const start = new Date(Date.now() - 9 * 3_600_000);
    await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 12 }), batch: 10 });
    const segments = await db
      .select()
      .from(unassignedDriving)
      .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.vehicleId, vehicle.id)));
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ status: "unassigned", closed: true, driverId: null });
    expect(segments[0].endTime.getTime() - segments[0].startTime.getTime()).toBe(12 * MINUTE);
    // 12 minutes at 20 m/s.
    expect(segments[0].distanceMeters).toBeGreaterThan(13_500);
    expect(segments[0].distanceMeters).toBeLessThan(15_000);
  });

  it("records every vehicle's drive when a whole fleet starts moving in one window", async () => {
    // 600 drive starts, each with its ELD event, written a few hundred a statement (10,000 in one statement passed
    // PostgreSQL's 65,535 parameters: found by the bench, too slow a test here).
    const { db } = database();
    const FLEET = 600;
    const ids = (
      await queryRows<{ id: number }>(
        db,
        sql`insert into vehicles (company_id, dataset, vin, name)
            select ${companyId}, 'live', 'FLEET' || n, 'Fleet ' || n from generate_series(1, ${FLEET}) n returning id`,
      )
    ).map((row) => Number(row.id));
    const start = Date.now() - 5 * 3_600_000;
    const positions = [0, 30_000].flatMap((offset) =>
      ids.map((vehicleId, i) => ({ vehicleId, time: new Date(start + offset), latitude: 41.5 + i / 1e4 + offset / 1e8, longitude: -88.1, speed: 20 })),
    );
    await ingestAndProcess({ db, companyId, positions });
    const [{ segments, events }] = await queryRows<{ segments: number; events: number }>(
      db,
      sql`select (select count(*)::int from unassigned_driving where company_id = ${companyId} and vehicle_id = any(${intArray(ids)})) as segments,
          (select count(*)::int from eld_events
            where company_id = ${companyId} and vehicle_id = any(${intArray(ids)}) and event_type = 1 and event_code = 3) as events`,
    );
    expect({ segments: Number(segments), events: Number(events) }).toEqual({ segments: FLEET, events: FLEET });
  }, 120_000);

  it("keeps each driverless vehicle's open segment up to its latest motion, window after window", async () => {
    const { db } = database();
    const fleet = [await addVehicleAndDriver({ db, companyId, driver: false }), await addVehicleAndDriver({ db, companyId, driver: false })];
    const start = new Date(Date.now() - 11 * 3_600_000);
    // Both still driving when the data ends (no rest after), in the same windows.
    const [long, short] = [
      recordedTrack({ vehicleId: fleet[0].vehicle.id, start, driveMinutes: 12, restAfter: 0 }),
      recordedTrack({ vehicleId: fleet[1].vehicle.id, start, driveMinutes: 8, restAfter: 0 }),
    ];
    const positions = [...long, ...short].sort((a, b) => a.time.getTime() - b.time.getTime());
    await ingestAndProcess({ db, companyId, positions, batch: 7 });
    for (const [{ vehicle }, minutes] of [
      [fleet[0], 12],
      [fleet[1], 8],
    ] as const) {
      const [segment, ...more] = await db
        .select()
        .from(unassignedDriving)
        .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.vehicleId, vehicle.id)));
      expect(more).toHaveLength(0);
      expect(segment.closed).toBe(false);
      expect(segment.endTime.getTime()).toBe(start.getTime() + (2 + minutes) * MINUTE);
      // 20 m/s: the distance so far, not 0 until the segment closes.
      expect(segment.distanceMeters).toBeGreaterThan(minutes * 1_200 * 0.9);
      expect(segment.distanceMeters).toBeLessThan(minutes * 1_200 * 1.05);
    }
  });

  it("leads to the violations of the driving it recorded: 12 hours at the wheel break the 11-hour limit and the 30-minute break", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 13 * 3_600_000);
    await ingestAndProcess({
      db,
      companyId,
      positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 12 * 60, restAfter: 10, everySeconds: 120 }),
      batch: 200,
    });
    const hos = await getDriverHos({ db, companyId, dataset: "live", driverId: driver!.id, at: new Date() });
    expect(hos.log.map((entry) => entry.status)).toEqual(["driving", "onDuty"]);
    const types = new Set(hos.violations.map((violation) => violation.type));
    expect(types).toContain("shiftDrivingHours");
    expect(types).toContain("restbreakMissed");
    const driven = hos.dailyLogs.reduce((sum, day) => sum + (day.distanceMeters ?? 0), 0);
    expect(driven / 1000).toBeGreaterThan(800);
  });
});
