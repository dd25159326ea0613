import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, eldEvents } from "@/db/schema";
import { buildEldFile, eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file";
import { automaticDrivingProcessor } from "@/lib/hos/logbook/automatic-driving";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { GET as getEldEvents } from "@/app/beta/fleet/hos/drivers/eld-events/route";
import { POST as postOsmAnd } from "@/app/ingest/osmand/route";
import { vehicleOfDevice } from "../../helpers/devices";
import { createTestApiKey } from "../../helpers/api-keys";
import { callFleet } from "../../helpers/fleet-request";
import { writeTelemetry, type TestPosition, type TestStat } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "../eld-file/eld-file-parser";
import { addVehicleAndDriver, seedLogbookCompanies } from "../logbook/logbook-fixtures";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const METERS_PER_MILE = 1609.344;
const database = useTestDatabase();
let companyId = 0;
const tenant = () => ({ db: database().db, companyId, dataset: "live" as const });

beforeAll(async () => {
  ({ demoCompanyId: companyId } = await seedLogbookCompanies({ db: database().db, liveVehicles: 1 }));
});

/** A tracker's record at `minutes` after `start`: its fix and its engine's state, odometer (meters) and hours (seconds). */
const record = (vehicleId: number, start: Date, minutes: number, engineState: "On" | "Idle" | "Off", odometerMeters: number, engineSeconds: number) => {
  const time = new Date(start.getTime() + minutes * MINUTE);
  const position: TestPosition = { vehicleId, time, latitude: 41.87654, longitude: -87.62345, speed: 0 };
  const stat: TestStat = { vehicleId, time, engineState, odometerMeters, engineSeconds };
  return { position, stat };
};

/** Writes the records as one batch and runs the processor over it (one telemetry window). */
const ingest = async (records: ReturnType<typeof record>[]) => {
  await writeTelemetry({ ...tenant(), positions: records.map((r) => r.position), stats: records.map((r) => r.stat) });
  await runTelemetryProcessors({ db: database().db, processors: [automaticDrivingProcessor] });
};

const powerRecords = async (vehicleId: number) =>
  database()
    .db.select()
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.vehicleId, vehicleId), eq(eldEvents.eventType, 6)))
    .orderBy(asc(eldEvents.sequenceId));

describe("engine power-up and shut-down records (Appendix A 4.5.1.6)", () => {
  it("records the ignition turned on and off with the driver, the totals, the position; the file's segment lists them", async () => {
    const { vehicle, driver } = await addVehicleAndDriver({ db: database().db, companyId });
    const start = new Date(Date.now() - 3 * HOUR);
    // Parked with the engine off (the state first seen: no change yet), on at 10 minutes, idling, moved a little, off at 40.
    await ingest([
      record(vehicle.id, start, 0, "Off", 160_934_400, 3_600_000),
      record(vehicle.id, start, 10, "On", 160_934_400, 3_600_000),
      record(vehicle.id, start, 20, "Idle", 160_934_400, 3_600_600),
      record(vehicle.id, start, 40, "Off", 160_935_000, 3_601_800),
    ]);
    const rows = await powerRecords(vehicle.id);
    expect(rows.map((row) => [row.eventCode, (row.eventAt.getTime() - start.getTime()) / MINUTE, row.driverId, row.recordOrigin])).toEqual([
      [1, 10, driver!.id, "automatic"],
      [3, 40, driver!.id, "automatic"],
    ]);
    // Total vehicle miles and engine hours (4.5.1.6(b)(6), (7)), two-decimal coordinates, no data diagnostic: the engine's own.
    expect(rows.map((row) => [row.accumulatedMiles, row.elapsedEngineHours, row.latitude, row.longitude, row.diagnostic, row.malfunction])).toEqual([
      [100_000, 1000, 41.88, -87.62, false, false],
      [160_935_000 / METERS_PER_MILE, 3_601_800 / 3600, 41.88, -87.62, false, false],
    ]);
    // The sequence ids follow the ELD's (the vehicle's) other records.
    expect(rows[1].sequenceId).toBe(rows[0].sequenceId + 1);

    const now = new Date();
    const input = await loadEldFileInput({ ...tenant(), driverId: driver!.id, range: eldFileRange({ driver: driver!, now }), now, outputFileComment: "" });
    const parsed = parseEldFile(buildEldFile(input).text);
    // Newest first: sequence, code, date, time, total miles, total engine hours, latitude, longitude, power unit, VIN.
    expect(parsed.segments.get("CMV Engine Power-Up and Shut Down Activity:")!.map((row) => [row[0], row[1], row[4], row[5], row[6], row[7], row[9]])).toEqual([
      [rows[1].sequenceId.toString(16).toUpperCase(), "3", "100000", "1000.5", "41.88", "-87.62", vehicle.vin.slice(0, 18)],
      [rows[0].sequenceId.toString(16).toUpperCase(), "1", "100000", "1000.0", "41.88", "-87.62", vehicle.vin.slice(0, 18)],
    ]);
    // Not in the ELD event list: it holds types 1 to 3 (4.8.2.1.4).
    expect(parsed.segments.get("ELD Event List:")!.filter((row) => row[3] === "6")).toEqual([]);

    // Samsara's ELD events: type 6 with the totals in totalVehicleMeters and totalEngineHours (the SDK's fields).
    const { key } = await createTestApiKey({ db: database().db, companyId });
    const range = `startTime=${start.toISOString()}&endTime=${now.toISOString()}&driverIds=${driver!.id}`;
    const { status, body } = await callFleet(getEldEvents, `/beta/fleet/hos/drivers/eld-events?${range}`, { key });
    expect(status).toBe(200);
    expect(body.data[0].eldEvents.filter((event: { eldEventType: number }) => event.eldEventType === 6)).toEqual([
      expect.objectContaining({
        eldEventCode: 1,
        eldEventRecordOrigin: 1,
        totalVehicleMeters: 160_934_400,
        totalEngineHours: 1000,
        location: { latitude: 41.88, longitude: -87.62 },
      }),
      expect.objectContaining({ eldEventCode: 3, totalVehicleMeters: 160_935_000, totalEngineHours: 1000.5 }),
    ]);
  });

  it("adds nothing when the same reports come again (a replayed window) or repeat the state", async () => {
    const { vehicle } = await addVehicleAndDriver({ db: database().db, companyId });
    const start = new Date(Date.now() - 5 * HOUR);
    const reports = [record(vehicle.id, start, 0, "Off", 1_000_000, 36_000), record(vehicle.id, start, 5, "On", 1_000_000, 36_000)];
    await ingest(reports);
    await ingest(reports);
    await ingest([record(vehicle.id, start, 6, "On", 1_000_000, 36_060), record(vehicle.id, start, 7, "Idle", 1_000_000, 36_120)]);
    // A late shut-down, older than what the processor has seen, changes nothing either.
    await ingest([record(vehicle.id, start, 3, "Off", 1_000_000, 36_000)]);
    expect((await powerRecords(vehicle.id)).map((row) => [row.eventCode, (row.eventAt.getTime() - start.getTime()) / MINUTE])).toEqual([[1, 5]]);
  });

  it("in personal conveyance: reduced precision (codes 2 and 4, one decimal), the totals kept (4.7.3(b)(2))", async () => {
    const { db } = database();
    const { vehicle, driver } = await addVehicleAndDriver({ db, companyId });
    await db.update(drivers).set({ eldPcEnabled: true }).where(eq(drivers.id, driver!.id));
    const start = new Date(Date.now() - 7 * HOUR);
    await ingest([record(vehicle.id, start, 0, "Off", 2_000_000, 72_000)]);
    await setDutyStatus({
      ...tenant(),
      driverId: driver!.id,
      status: "personalConveyance",
      at: new Date(start.getTime() + MINUTE),
      location: null,
      vehicleId: vehicle.id,
    });
    await ingest([record(vehicle.id, start, 2, "On", 2_000_000, 72_000), record(vehicle.id, start, 30, "Off", 2_000_000, 73_800)]);
    const rows = await powerRecords(vehicle.id);
    expect(rows.map((row) => [row.eventCode, row.reducedPrecision, row.latitude, row.longitude, row.accumulatedMiles, row.elapsedEngineHours])).toEqual([
      [2, true, 41.9, -87.6, 2_000_000 / METERS_PER_MILE, 20],
      [4, true, 41.9, -87.6, 2_000_000 / METERS_PER_MILE, 20.5],
    ]);
  });

  it("with nobody on the vehicle: the unidentified driver profile's (4.5.1.6(b))", async () => {
    const { db } = database();
    const { vehicle } = await addVehicleAndDriver({ db, companyId, driver: false });
    const start = new Date(Date.now() - 9 * HOUR);
    await ingest([record(vehicle.id, start, 0, "Off", 5_000_000, 10_000), record(vehicle.id, start, 1, "On", 5_000_000, 10_000)]);
    const rows = await powerRecords(vehicle.id);
    expect(rows.map((row) => [row.eventCode, row.driverId, row.recordOrigin])).toEqual([[1, null, "automatic"]]);
  });

  it("from an OsmAnd phone's ignition: off, then on, is a power-up", async () => {
    const vehicle = await vehicleOfDevice({ db: database().db, identifier: "demo-live-1" });
    const seconds = Math.floor(Date.now() / 1000) - 11 * 3600;
    for (const [offset, ignition] of [
      [0, "false"],
      [60, "true"],
    ] as const) {
      const query = `id=demo-live-1&lat=41.9145&lon=-87.6858&timestamp=${seconds + offset}&speed=0&ignition=${ignition}`;
      expect((await postOsmAnd(new Request(`http://localhost/ingest/osmand?${query}`, { method: "POST" }))).status).toBe(200);
    }
    await runTelemetryProcessors({ db: database().db, processors: [automaticDrivingProcessor] });
    const rows = await powerRecords(vehicle.id);
    expect(rows.map((row) => [row.eventCode, row.eventAt.getTime() / 1000 - seconds, row.latitude, row.longitude])).toEqual([[1, 60, 41.91, -87.69]]);
  });
});
