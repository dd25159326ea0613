import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, eldEvents, eldEventSequences, hosLogs } from "@/db/schema";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { buildEldFile, eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file";
import { certifyLogDay } from "@/lib/hos/logbook/certify-log-day";
import { choosableStatuses } from "@/lib/hos/records/chosen-duty-statuses";
import { answerLogEdit, proposeLogEdit } from "@/lib/hos/logbook/log-edits";
import { answerUnassignedDriving, assignUnassignedDriving } from "@/lib/hos/logbook/unassigned-driving";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { dayInZone } from "@/lib/platform/zoned-time";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "../eld-file/eld-file-parser";
import { addVehicleAndDriver, ingestAndProcess, recordedTrack, seedLogbookCompanies } from "../logbook/logbook-fixtures";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const database = useTestDatabase();
let companyId = 0;
const tenant = () => ({ db: database().db, companyId, dataset: "live" as const });
const manager = operatorActor("Pat Okafor");
const actorOf = (driver: { id: number; name: string }) => driverActor({ driver: { driverId: driver.id, name: driver.name }, ip: null, requestId: null });

beforeAll(async () => {
  ({ demoCompanyId: companyId } = await seedLogbookCompanies({ db: database().db, liveVehicles: 1 }));
});

const recordsOf = async (where: { driverId: number } | { vehicleId: number }) =>
  database()
    .db.select()
    .from(eldEvents)
    .where(
      and(
        eq(eldEvents.companyId, companyId),
        "driverId" in where ? eq(eldEvents.driverId, where.driverId) : and(eq(eldEvents.vehicleId, where.vehicleId), isNull(eldEvents.driverId)),
        // These tracks carry no engine odometer: the missing-data-elements diagnostic they log is vehicle-counters.test.ts's.
        ne(eldEvents.eventType, 7),
      ),
    )
    .orderBy(asc(eldEvents.id));
const summary = (records: (typeof eldEvents.$inferSelect)[]) => records.map((r) => `${r.eventType}/${r.eventCode} ${r.recordStatus} ${r.recordOrigin}`);

describe("the stored ELD event records (Appendix A 7)", () => {
  it("a drive: Driving, an intermediate log each hour, On Duty at rest; the ELD's sequence ids in order; the check values the file shows", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 10 * HOUR);
    await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 150, everySeconds: 60 }) });
    const records = await recordsOf({ driverId: driver!.id });
    expect(summary(records)).toEqual(["1/3 active automatic", "2/1 active automatic", "2/1 active automatic", "1/4 active automatic"]);
    // 1: the diagnostic logged after the first record (no engine odometer on this track).
    expect(records.map((r) => r.sequenceId)).toEqual([0, 2, 3, 4]);
    expect(records[1].eventAt.getTime() - records[0].eventAt.getTime()).toBe(HOUR);
    expect(records[2].eventAt.getTime() - records[0].eventAt.getTime()).toBe(2 * HOUR);
    // Two decimals (4.4.2.1), and a fix: no distance since the last valid coordinates.
    expect(records.every((r) => r.latitude !== null && Number.isInteger(r.latitude * 100) && r.distanceSinceLastValidCoordinates === 0)).toBe(true);
    const range = eldFileRange({ driver: driver!, now: new Date() });
    const file = buildEldFile(await loadEldFileInput({ ...tenant(), driverId: driver!.id, range, now: new Date(), outputFileComment: "" }));
    const rows = parseEldFile(file.text).segments.get("ELD Event List:")!;
    const bySequence = new Map(rows.map((row) => [Number.parseInt(row[0], 16), row.at(-1)]));
    expect(records.map((r) => bySequence.get(r.sequenceId))).toEqual(records.map((r) => r.checkValue));
  });

  it("personal conveyance once the carrier allows it, at reduced precision, its indication cleared when the driver goes on duty", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    const at = new Date(Date.now() - HOUR);
    const location = { latitude: 41.878113, longitude: -87.629799 };
    // Off until the carrier allows it (Appendix A 4.3.3.1.1), for the logbook and Samsara's call alike.
    await expect(setDutyStatus({ ...tenant(), driverId: driver!.id, status: "personalConveyance", at, location })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Personal conveyance is not allowed/),
    });
    await expect(setDutyStatus({ ...tenant(), driverId: driver!.id, status: "yardMove", at, location })).rejects.toMatchObject({ status: 400 });
    expect(choosableStatuses(driver!)).toEqual(["offDuty", "sleeperBed", "onDuty"]);
    await db.update(drivers).set({ eldPcEnabled: true }).where(eq(drivers.id, driver!.id));
    expect(choosableStatuses({ ...driver!, eldPcEnabled: true })).toEqual(["offDuty", "sleeperBed", "onDuty", "personalConveyance"]);
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "personalConveyance", at, location, vehicleId: vehicle.id });
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "onDuty", location, vehicleId: vehicle.id });
    const records = await recordsOf({ driverId: driver!.id });
    expect(summary(records)).toEqual(["1/1 active driver", "3/1 active driver", "3/0 active driver", "1/4 active driver"]);
    expect(records.map((r) => [r.latitude, r.longitude, r.reducedPrecision])).toEqual([
      [41.9, -87.6, true],
      [41.9, -87.6, true],
      [41.88, -87.63, false],
      [41.88, -87.63, false],
    ]);
  });

  it("an hour moving in personal conveyance is an intermediate log at reduced precision (code 2); a yard move's at conventional (code 1)", async () => {
    const { db } = database();
    const moved = async (status: "personalConveyance" | "yardMove", hoursAgo: number) => {
      const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
      await db.update(drivers).set({ eldPcEnabled: true, eldYmEnabled: true }).where(eq(drivers.id, driver!.id));
      const start = new Date(Date.now() - hoursAgo * HOUR);
      const location = { latitude: 41.5, longitude: -88.1 };
      await setDutyStatus({ ...tenant(), driverId: driver!.id, status, at: start, location, vehicleId: vehicle.id });
      // 150 minutes in motion: logs at its first and second hour, none for the half hour after.
      await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 150, everySeconds: 60 }) });
      return { driver: driver!, records: await recordsOf({ driverId: driver!.id }) };
    };
    const pc = await moved("personalConveyance", 7);
    expect(summary(pc.records)).toEqual(["1/1 active driver", "3/1 active driver", "2/2 active automatic", "2/2 active automatic"]);
    const [first, second] = pc.records.slice(2);
    expect(second.eventAt.getTime() - first.eventAt.getTime()).toBe(HOUR);
    // One decimal (about 10 miles, 4.7.3): 20 m/s north from 41.5 for an hour and a report is 41.5 + 0.66.
    expect([first.latitude, first.longitude, first.reducedPrecision]).toEqual([42.2, -88.1, true]);
    const range = eldFileRange({ driver: pc.driver, now: new Date() });
    const file = buildEldFile(await loadEldFileInput({ ...tenant(), driverId: pc.driver.id, range, now: new Date(), outputFileComment: "" }));
    const rows = parseEldFile(file.text).segments.get("ELD Event List:")!;
    // Type, code, miles and engine hours (none in personal conveyance), latitude, longitude: the parser verified every check value.
    expect(rows.filter((row) => row[3] === "2").map((row) => [row[4], row[7], row[8], row[9], row[10]])).toEqual([
      ["2", "", "", "42.8", "-88.1"],
      ["2", "", "", "42.2", "-88.1"],
    ]);
    const yard = await moved("yardMove", 5);
    expect(summary(yard.records)).toEqual(["1/4 active driver", "3/2 active driver", "2/1 active automatic", "2/1 active automatic"]);
    expect(yard.records.slice(2).map((r) => [r.latitude, r.reducedPrecision])).toEqual([
      [42.16, false],
      [42.8, false],
    ]);
  });

  it("edits never overwrite: an accepted edit makes the replaced record inactive-changed and its request active; a rejected one stays, rejected", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId });
    const now = Date.now();
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "offDuty", at: new Date(now - 3 * HOUR), now: new Date(now - 3 * HOUR) });
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "onDuty", at: new Date(now - 2 * HOUR), now: new Date(now - 2 * HOUR) });
    const [onDuty] = await db
      .select()
      .from(hosLogs)
      .where(and(eq(hosLogs.driverId, driver!.id), eq(hosLogs.status, "onDuty")));
    const input = {
      entryId: onDuty.id,
      status: "sleeperBed" as const,
      startTime: onDuty.startTime,
      endTime: null,
      remark: "",
      reason: "Sleeper, per the fuel receipt",
    };
    const accepted = await proposeLogEdit({ ...tenant(), driverId: driver!.id, input, actor: manager });
    expect(summary(await recordsOf({ driverId: driver!.id })).at(-1)).toBe("1/2 changeRequested otherUser");
    await answerLogEdit({ ...tenant(), driverId: driver!.id, editId: accepted.id, accept: true, actor: actorOf(driver!) });
    const rejected = await proposeLogEdit({
      ...tenant(),
      driverId: driver!.id,
      input: { ...input, entryId: null, status: "offDuty", startTime: new Date(now - HOUR), reason: "Off?" },
      actor: manager,
    });
    await answerLogEdit({ ...tenant(), driverId: driver!.id, editId: rejected.id, accept: false, actor: actorOf(driver!) });
    const records = await recordsOf({ driverId: driver!.id });
    expect(summary(records)).toEqual(["1/1 active driver", "1/4 inactiveChanged driver", "1/2 active otherUser", "1/1 changeRejected otherUser"]);
    expect(records[2]).toMatchObject({ editedByName: "Pat Okafor", comment: "Sleeper, per the fuel receipt" });
    const [sleeper] = await db
      .select()
      .from(hosLogs)
      .where(and(eq(hosLogs.driverId, driver!.id), eq(hosLogs.status, "sleeperBed")));
    expect(records[2].hosLogId).toBe(sleeper.id);
  });

  it("a certification, and the re-certification after a later change, are codes 1 and 2 of the day", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId });
    const today = dayInZone(Date.now(), driver!.timezone);
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "onDuty", at: new Date(Date.now() - 2 * MINUTE) });
    await certifyLogDay({ ...tenant(), driverId: driver!.id, date: today, actor: actorOf(driver!) });
    await setDutyStatus({ ...tenant(), driverId: driver!.id, status: "offDuty" });
    await certifyLogDay({ ...tenant(), driverId: driver!.id, date: today, actor: actorOf(driver!) });
    const certifications = (await recordsOf({ driverId: driver!.id })).filter((r) => r.eventType === 4);
    expect(certifications.map((r) => [r.eventCode, r.certifiedDate])).toEqual([
      [1, today],
      [2, today],
    ]);
  });

  it("unidentified driving is the unidentified profile's; accepted by a driver, those records are inactive-changed and the drive assumed", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const { driver } = await addVehicleAndDriver({ db, companyId });
    const start = new Date(Date.now() - 20 * HOUR);
    await ingestAndProcess({ db, companyId, positions: recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 70, everySeconds: 60 }) });
    expect(summary(await recordsOf({ vehicleId: vehicle.id }))).toEqual(["1/3 active automatic", "2/1 active automatic", "1/4 active automatic"]);
    const [{ unassignedId }] = await recordsOf({ vehicleId: vehicle.id });
    await assignUnassignedDriving({ ...tenant(), segmentId: unassignedId!, driverId: driver!.id, actor: manager });
    await answerUnassignedDriving({ ...tenant(), driverId: driver!.id, segmentId: unassignedId!, accept: true, actor: actorOf(driver!) });
    expect(summary(await recordsOf({ vehicleId: vehicle.id }))).toEqual([
      "1/3 inactiveChanged automatic",
      "2/1 inactiveChanged automatic",
      "1/4 inactiveChanged automatic",
    ]);
    expect(summary(await recordsOf({ driverId: driver!.id }))).toEqual(["1/3 active unidentified", "1/1 active driver"]);
  });

  it("sequence ids are per ELD and wrap from FFFF to 0", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    await db.insert(eldEventSequences).values({ companyId, dataset: "live", vehicleId: vehicle.id, lastSequenceId: 0xfffe });
    const draft = { driverId: driver!.id, vehicleId: vehicle.id, type: 2 as const, code: 1, at: new Date(), origin: "automatic" as const, position: null };
    const records = await recordEldEvents({ ...tenant(), drafts: [draft, draft, draft] });
    // The three intermediate logs, and the missing-data-elements diagnostic the first one logs (no engine odometer).
    expect(records.map((r) => [r.eventType, r.sequenceId])).toEqual([
      [2, 0xffff],
      [7, 0],
      [2, 1],
      [2, 2],
    ]);
  });
});
