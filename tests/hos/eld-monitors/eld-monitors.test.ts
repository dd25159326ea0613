import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eldEvents, unassignedDriving } from "@/db/schema";
import { assignFromNow } from "@/lib/fleet/assignments";
import { buildEldFile, eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file";
import { automaticDrivingProcessor } from "@/lib/hos/logbook/automatic-driving";
import { annotateUnassignedDriving, answerUnassignedDriving, assignUnassignedDriving } from "@/lib/hos/logbook/unassigned-driving";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry, type TestPosition, type TestStat } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "../eld-file/eld-file-parser";
import { addVehicleAndDriver } from "../logbook/logbook-fixtures";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const database = useTestDatabase();
let companyId = 0;
const tenant = () => ({ db: database().db, companyId, dataset: "live" as const });
const manager = operatorActor("Pat Okafor");
const actorOf = (driver: { id: number; name: string }) => driverActor({ driver: { driverId: driver.id, name: driver.name }, ip: null, requestId: null });

beforeAll(async () => {
  const { db } = database();
  ({ demoCompanyId: companyId } = await seedTestCompanies({ db, liveVehicles: 1 }));
  // The processor starts at what is committed from now on: plant its checkpoint before the tracks.
  const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
  await writeTelemetry({
    db,
    companyId,
    dataset: "live",
    positions: [{ vehicleId: vehicle.id, time: new Date(Date.now() - 30 * HOUR), latitude: 41.5, longitude: -88.1 }],
  });
  await runTelemetryProcessors({ db, processors: [automaticDrivingProcessor] });
});

/** A stretch of a vehicle's reports every 30 s: `gps` with a position fix, `ecu` with the engine's odometer and hours. */
type Stretch = { minutes: number; speed: number; gps: boolean; ecu: boolean };

/** A tracker's reports over consecutive stretches from `start`, heading north; the engine odometer counts every meter. */
const reportsOf = (vehicleId: number, start: Date, stretches: readonly Stretch[]) => {
  const positions: TestPosition[] = [];
  const stats: TestStat[] = [];
  let seconds = 0;
  let meters = 0;
  for (const { minutes, speed, gps, ecu } of stretches) {
    for (const end = seconds + minutes * 60; seconds < end; seconds += 30, meters += speed * 30) {
      const time = new Date(start.getTime() + seconds * 1000);
      if (gps) positions.push({ vehicleId, time, latitude: 41.5 + meters / 111_320, longitude: -88.1, speed });
      if (ecu)
        stats.push({ vehicleId, time, odometerMeters: 400_000_000 + meters, engineSeconds: 9_000_000 + seconds, engineState: speed > 0 ? "On" : "Idle" });
    }
  }
  return { positions, stats };
};

/** Writes and processes the reports before `until` (all when absent): one telemetry window. */
const ingest = async (reports: { positions: TestPosition[]; stats: TestStat[] }, from: Date, until = new Date(8.64e15)) => {
  const { db } = database();
  const within = (time: Date) => time >= from && time < until;
  await writeTelemetry({
    db,
    companyId,
    dataset: "live",
    positions: reports.positions.filter((p) => within(p.time)),
    stats: reports.stats.filter((s) => within(s.time)),
  });
  await runTelemetryProcessors({ db, processors: [automaticDrivingProcessor] });
};

/** The vehicle's type 7 records: [event code, Table 4 code, minutes after `start`, the driver's or the unidentified profile's]. */
const indicatorRecords = async (vehicleId: number, start: Date) => {
  const rows = await database()
    .db.select()
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.vehicleId, vehicleId), eq(eldEvents.eventType, 7)))
    .orderBy(asc(eldEvents.sequenceId));
  return rows.map((row) => [
    row.eventCode,
    row.diagnosticCode,
    (row.eventAt.getTime() - start.getTime()) / MINUTE,
    row.driverId === null ? "unidentified" : "driver",
  ]);
};

const recordsOf = async (driverId: number) =>
  database()
    .db.select()
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.driverId, driverId)))
    .orderBy(asc(eldEvents.eventAt), asc(eldEvents.id));

const malfunctionSegment = async (driver: NonNullable<Awaited<ReturnType<typeof addVehicleAndDriver>>["driver"]>) => {
  const now = new Date();
  const input = await loadEldFileInput({ ...tenant(), driverId: driver.id, range: eldFileRange({ driver, now }), now, outputFileComment: "" });
  const parsed = parseEldFile(buildEldFile(input).text);
  return {
    rows: parsed.segments.get("Malfunctions and Data Diagnostic Events:")!,
    unidentified: parsed.segments.get("Unidentified Driver Profile Records:"),
  };
};

describe("ELD malfunctions and data diagnostics (Appendix A 4.6)", () => {
  it("positioning: over 60 minutes in 24 hours without a fix within 5 miles of driving is malfunction L, on the records, cleared by a fix", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 6 * HOUR);
    // 10 minutes driving at 20 m/s, 75 minutes with no fix (the engine's odometer goes on), then 10 more with fixes and a stop.
    const reports = reportsOf(vehicle.id, start, [
      { minutes: 10, speed: 20, gps: true, ecu: true },
      { minutes: 75, speed: 20, gps: false, ecu: true },
      { minutes: 10, speed: 20, gps: true, ecu: true },
      { minutes: 8, speed: 0, gps: true, ecu: true },
    ]);
    await ingest(reports, start, new Date(start.getTime() + 80 * MINUTE));
    // The last fix at 9.5 minutes (11,400 m); 5 miles (8,047 m) later is the report at 16.5 minutes; 60 minutes after, at 77 minutes.
    expect(await indicatorRecords(vehicle.id, start)).toEqual([[1, "L", 77, "driver"]]);
    // The driver goes on duty by hand meanwhile: the record carries the malfunction indicator (7.23).
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "onDuty", at: new Date(start.getTime() + 79 * MINUTE), location: null });
    await ingest(reports, new Date(start.getTime() + 80 * MINUTE));
    expect(await indicatorRecords(vehicle.id, start)).toEqual([
      [1, "L", 77, "driver"],
      [2, "L", 85, "driver"],
    ]);
    const records = (await recordsOf(driver!.id)).filter((record) => record.eventType === 1);
    expect(records.map((record) => [record.eventCode, (record.eventAt.getTime() - start.getTime()) / MINUTE, record.malfunction])).toEqual([
      [3, 0, false],
      [4, 79, true],
      [3, 85, false],
    ]);
    // The driver's file lists both, newest first, with the code of Table 4.
    const { rows } = await malfunctionSegment(driver!);
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ["2", "L"],
      ["1", "L"],
    ]);
  });

  it("engine synchronization: data missing while moving is diagnostic 2, over 30 minutes in 24 hours is malfunction E; cleared by data", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 4 * HOUR);
    // 80 minutes driving; the engine's readings stop after 10 minutes and return at 70 (the fixes go on), then a stop.
    const reports = reportsOf(vehicle.id, start, [
      { minutes: 10, speed: 20, gps: true, ecu: true },
      { minutes: 60, speed: 20, gps: true, ecu: false },
      { minutes: 10, speed: 20, gps: true, ecu: true },
      { minutes: 8, speed: 0, gps: true, ecu: true },
    ]);
    await ingest(reports, start);
    // The last reading at 9.5 minutes: lost once 5 minutes and 5 seconds pass with the vehicle moving (the report at
    // 15 minutes); over 30 minutes of it at 40 minutes; both cleared by the reading at 70.
    expect(await indicatorRecords(vehicle.id, start)).toEqual([
      [3, "2", 15, "driver"],
      [1, "E", 40, "driver"],
      [4, "2", 70, "driver"],
      [2, "E", 70, "driver"],
    ]);
    // The hour's intermediate log, in the middle of it, carries both indicators; the drive's start neither.
    const records = (await recordsOf(driver!.id)).filter((record) => record.eventType === 1 || record.eventType === 2);
    expect(records.map((record) => [record.eventType, (record.eventAt.getTime() - start.getTime()) / MINUTE, record.malfunction, record.diagnostic])).toEqual([
      [1, 0, false, false],
      [2, 60, true, true],
    ]);
    const { rows } = await malfunctionSegment(driver!);
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ["2", "E"],
      ["4", "2"],
      ["1", "E"],
      ["3", "2"],
    ]);
  });

  it("a vehicle that never reported its engine's odometer (a GPS tracker) is not monitored for engine synchronization", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 3 * HOUR);
    await ingest(reportsOf(vehicle.id, start, [{ minutes: 50, speed: 20, gps: true, ecu: false }]), start);
    expect((await indicatorRecords(vehicle.id, start)).filter(([, code]) => code === "2" || code === "E")).toEqual([]);
  });

  it("unidentified driving: over 30 minutes in 24 hours logs diagnostic 5 (unidentified profile); cleared at 15 minutes or less over 8 days", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const { driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 10 * HOUR);
    // 20 minutes of driving with nobody signed in: not yet.
    await ingest(reportsOf(vehicle.id, start, [{ minutes: 20, speed: 20, gps: true, ecu: true }]), start);
    expect(await indicatorRecords(vehicle.id, start)).toEqual([]);
    // 20 more after a stop: 40 minutes in 24 hours.
    const later = new Date(start.getTime() + 60 * MINUTE);
    await ingest(
      reportsOf(vehicle.id, later, [
        { minutes: 20, speed: 20, gps: true, ecu: true },
        { minutes: 8, speed: 0, gps: true, ecu: true },
      ]),
      later,
    );
    const logged = await indicatorRecords(vehicle.id, start);
    expect(logged.map(([code, diagnosticCode, , whose]) => [code, diagnosticCode, whose])).toEqual([[3, "5", "unidentified"]]);
    // Checked once a window, at its latest report (a live window holds seconds of reports; this one the whole drive).
    expect(logged[0][2]).toBe(87.5);
    // A driver accepts the second drive: 20 minutes remain, still more than 15, and the next report changes nothing.
    const segments = await db
      .select()
      .from(unassignedDriving)
      .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.vehicleId, vehicle.id)))
      .orderBy(asc(unassignedDriving.startTime));
    expect(segments).toHaveLength(2);
    await assignUnassignedDriving({ ...tenant(), segmentId: segments[1].id, driverId: driver!.id, actor: manager });
    await answerUnassignedDriving({ ...tenant(), driverId: driver!.id, segmentId: segments[1].id, accept: true, actor: actorOf(driver!) });
    const parked = (minutes: number) => reportsOf(vehicle.id, new Date(start.getTime() + minutes * MINUTE), [{ minutes: 1, speed: 0, gps: true, ecu: true }]);
    await ingest(parked(120), start);
    expect(await indicatorRecords(vehicle.id, start)).toHaveLength(1);
    // The first one too: none remain, cleared by the acceptance itself (at its time, not the vehicle's next report).
    await assignUnassignedDriving({ ...tenant(), segmentId: segments[0].id, driverId: driver!.id, actor: manager });
    const accepted = Date.now();
    await answerUnassignedDriving({ ...tenant(), driverId: driver!.id, segmentId: segments[0].id, accept: true, actor: actorOf(driver!) });
    const records = await indicatorRecords(vehicle.id, start);
    expect(records.map(([code, diagnosticCode, , whose]) => [code, diagnosticCode, whose])).toEqual([
      [3, "5", "unidentified"],
      [4, "5", "unidentified"],
    ]);
    expect(start.getTime() + (records[1][2] as number) * MINUTE).toBeGreaterThanOrEqual(accepted);
    // The next report neither clears it again nor logs it.
    await ingest(parked(130), start);
    expect(await indicatorRecords(vehicle.id, start)).toHaveLength(2);
    // The driver who drove the vehicle sees both in their file's segment: the ELD's, whoever's record they are.
    const { rows, unidentified } = await malfunctionSegment(driver!);
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ["4", "5"],
      ["3", "5"],
    ]);
    // The unidentified profile's own segment keeps its driving records only (4.8.2.1.10).
    expect(unidentified!.length).toBeGreaterThan(0);
    expect(unidentified!.every((row) => row[3] !== "7")).toBe(true);
  });

  it("unidentified driving: accepting most of it clears diagnostic 5 at once, on the record of the vehicle's driver then", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const { driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 6 * HOUR);
    // 35 minutes, a stop, 10 more: 45 minutes nobody claimed in 24 hours.
    await ingest(
      reportsOf(vehicle.id, start, [
        { minutes: 35, speed: 20, gps: true, ecu: true },
        { minutes: 8, speed: 0, gps: true, ecu: true },
        { minutes: 10, speed: 20, gps: true, ecu: true },
        { minutes: 8, speed: 0, gps: true, ecu: true },
      ]),
      start,
    );
    expect((await indicatorRecords(vehicle.id, start)).map(([code, diagnosticCode]) => [code, diagnosticCode])).toEqual([[3, "5"]]);
    const [longest] = await db
      .select()
      .from(unassignedDriving)
      .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.vehicleId, vehicle.id)))
      .orderBy(asc(unassignedDriving.startTime))
      .limit(1);
    // Proposed to a driver is not yet theirs (395.32(c)): still the unidentified profile's, still set.
    await assignUnassignedDriving({ ...tenant(), segmentId: longest.id, driverId: driver!.id, actor: manager });
    expect(await indicatorRecords(vehicle.id, start)).toHaveLength(1);
    // The driver is on the truck by the time they accept: the cleared record is theirs, and it is in their file.
    await assignFromNow({ ...tenant(), driverId: driver!.id, vehicleId: vehicle.id, handOver: "vehicle", actor: manager });
    await answerUnassignedDriving({ ...tenant(), driverId: driver!.id, segmentId: longest.id, accept: true, actor: actorOf(driver!) });
    expect((await indicatorRecords(vehicle.id, start)).map(([code, diagnosticCode, , whose]) => [code, diagnosticCode, whose])).toEqual([
      [3, "5", "unidentified"],
      [4, "5", "driver"],
    ]);
    const cleared = (await recordsOf(driver!.id)).filter((record) => record.eventType === 7);
    expect(cleared.map((record) => [record.eventCode, record.diagnosticCode, record.diagnostic, record.recordOrigin])).toEqual([[4, "5", false, "automatic"]]);
    const { rows } = await malfunctionSegment(driver!);
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ["4", "5"],
      ["3", "5"],
    ]);
  });

  it("unidentified driving: diagnostic 5 stays set through the vehicle's later reports and an annotation while nobody accepts the driving", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const start = new Date(Date.now() - 8 * HOUR);
    await ingest(
      reportsOf(vehicle.id, start, [
        { minutes: 40, speed: 20, gps: true, ecu: true },
        { minutes: 8, speed: 0, gps: true, ecu: true },
      ]),
      start,
    );
    expect(await indicatorRecords(vehicle.id, start)).toHaveLength(1);
    const [segment] = await db
      .select()
      .from(unassignedDriving)
      .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.vehicleId, vehicle.id)));
    await annotateUnassignedDriving({ ...tenant(), segmentId: segment.id, annotation: "Moved by the shop", actor: manager });
    for (const minutes of [90, 150, 300])
      await ingest(reportsOf(vehicle.id, new Date(start.getTime() + minutes * MINUTE), [{ minutes: 2, speed: 0, gps: true, ecu: true }]), start);
    expect((await indicatorRecords(vehicle.id, start)).map(([code, diagnosticCode]) => [code, diagnosticCode])).toEqual([[3, "5"]]);
  });

  it("timing: a report dated more than 10 minutes ahead of the service's clock is malfunction T; a report on time clears it", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const before = Date.now();
    const report = (at: number) => ({
      positions: [],
      stats: [{ vehicleId: vehicle.id, time: new Date(at), odometerMeters: 1_000_000, engineState: "Off" as const }],
    });
    // Minutes late is no proof (a device sends what it kept offline); 2 hours ahead is.
    await ingest(report(before - 60 * MINUTE), new Date(0));
    expect(await indicatorRecords(vehicle.id, new Date(before))).toEqual([]);
    await ingest(report(before + 2 * HOUR), new Date(0));
    const [logged] = await indicatorRecords(vehicle.id, new Date(before));
    expect([logged[0], logged[1]]).toEqual([1, "T"]);
    // Logged at the service's time, not the device's.
    expect(logged[2]).toBeLessThan(1);
    await ingest(report(Date.now() - 1_000), new Date(0));
    expect((await indicatorRecords(vehicle.id, new Date(before))).map(([code, diagnosticCode]) => [code, diagnosticCode])).toEqual([
      [1, "T"],
      [2, "T"],
    ]);
  });

  it("power: driving the device did not record is diagnostic 1, from its last report to the next; 30 minutes of it in 24 hours is malfunction P", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 5 * HOUR);
    // Silent while driving for 10 minutes, then for 25 (no report at all, the odometer going on): 36 minutes unrecorded.
    const drive = { speed: 20, gps: true, ecu: true };
    const silent = { speed: 20, gps: false, ecu: false };
    await ingest(
      reportsOf(vehicle.id, start, [
        { minutes: 10, ...drive },
        { minutes: 10, ...silent },
        { minutes: 10, ...drive },
        { minutes: 25, ...silent },
        { minutes: 10, ...drive },
      ]),
      start,
    );
    expect(await indicatorRecords(vehicle.id, start)).toEqual([
      [3, "1", 9.5, "driver"],
      [4, "1", 20, "driver"],
      [3, "1", 29.5, "driver"],
      [4, "1", 55, "driver"],
      [1, "P", 55, "driver"],
    ]);
    const { rows } = await malfunctionSegment(driver!);
    expect(rows[0].slice(1, 3)).toEqual(["1", "P"]);
  });
});
