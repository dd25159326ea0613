import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eldEvents } from "@/db/schema";
import { buildEldFile, eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file";
import { writeTelemetry, type TestPosition, type TestStat } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "../eld-file/eld-file-parser";
import { addVehicleAndDriver, ingestAndProcess, recordedTrack, seedLogbookCompanies } from "../logbook/logbook-fixtures";

const HOUR = 3_600_000;
const MILE = 1609.344;
const database = useTestDatabase();
let companyId = 0;

beforeAll(async () => {
  ({ demoCompanyId: companyId } = await seedLogbookCompanies({ db: database().db, liveVehicles: 1 }));
});

/** What a tracker reports with each position: `counters` picks the engine's odometer and hours (CAN) or the tracker's GPS counter. */
const statsOf = (track: readonly TestPosition[], counters: "engine" | "gps"): TestStat[] => {
  let meters = 0;
  return track.map((point, i) => {
    if (i > 0) meters += (point.speed ?? 0) * ((point.time.getTime() - track[i - 1].time.getTime()) / 1000);
    const seconds = (point.time.getTime() - track[0].time.getTime()) / 1000;
    return counters === "engine"
      ? {
          vehicleId: point.vehicleId,
          time: point.time,
          odometerMeters: 500_000 * MILE + meters,
          engineSeconds: 3_000 * 3600 + seconds,
          gpsOdometerMeters: 9 * meters,
        }
      : { vehicleId: point.vehicleId, time: point.time, gpsOdometerMeters: 200 * MILE + meters };
  });
};

/** A driver drives 10 minutes (12 km) after the engine went off and on again at `start`; returns their duty-status records. */
const drive = async ({
  hoursAgo,
  counters,
  truck = undefined,
}: {
  hoursAgo: number;
  counters: "engine" | "gps" | "none";
  truck?: Awaited<ReturnType<typeof addVehicleAndDriver>>;
}) => {
  const { db } = database();
  const { vehicle, driver } = truck ?? (await addVehicleAndDriver({ db, companyId }));
  const start = new Date(Date.now() - hoursAgo * HOUR);
  const track = recordedTrack({ vehicleId: vehicle.id, start, driveMinutes: 10 });
  // Yesterday's shut-down: the power-up the accumulated figures count from is the first report after it.
  const off: TestStat[] = [{ vehicleId: vehicle.id, time: new Date(start.getTime() - 60_000), engineState: "Off", odometerMeters: null }];
  if (counters !== "none") await writeTelemetry({ db, companyId, dataset: "live", stats: [...off, ...statsOf(track, counters)] });
  await ingestAndProcess({ db, companyId, positions: track });
  const records = await db
    .select()
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.driverId, driver!.id), eq(eldEvents.eventType, 1)))
    .orderBy(asc(eldEvents.eventAt));
  const diagnostics = await db
    .select()
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.driverId, driver!.id), eq(eldEvents.eventType, 7)))
    .orderBy(asc(eldEvents.id));
  return { driver: driver!, records, diagnostics, truck: { vehicle, driver } };
};

describe("vehicle miles and engine hours on ELD records (Appendix A 7.1, 7.9)", () => {
  it("come from the engine's odometer and hours (CAN, not the tracker's GPS counter), counted from the last power-up", async () => {
    const { driver, records } = await drive({ hoursAgo: 3, counters: "engine" });
    const [driving, onDuty] = records;
    expect([driving.eventCode, onDuty.eventCode]).toEqual([3, 4]);
    // The first report above 5 mph is 30 s (600 m) into the motion.
    expect(driving.accumulatedMiles).toBeCloseTo(600 / MILE, 3);
    expect(driving.elapsedEngineHours).toBeCloseTo(2.5 / 60, 3);
    // 10 minutes at 20 m/s: 12 km; the engine's counter, not the tracker's GPS one (nine times as much here).
    expect(onDuty.accumulatedMiles).toBeCloseTo(12_000 / MILE, 3);
    expect(onDuty.elapsedEngineHours! * 60).toBeGreaterThan(12);
    expect(records.every((record) => !record.diagnostic)).toBe(true);

    const now = new Date();
    const file = buildEldFile(
      await loadEldFileInput({
        db: database().db,
        companyId,
        dataset: "live",
        driverId: driver.id,
        range: eldFileRange({ driver, now }),
        now,
        outputFileComment: "",
      }),
    );
    const parsed = parseEldFile(file.text);
    // The event list's miles (whole miles) and engine hours (tenths), and the header's totals.
    const rows = parsed.segments.get("ELD Event List:")!;
    expect(rows.map((row) => row[7])).toContain("7");
    expect(file.text).toContain(",500007,3000.");
  });

  it("fall back to the tracker's GPS distance, flagged as a data diagnostic (missing data elements); nothing reported, blank and flagged", async () => {
    const gps = await drive({ hoursAgo: 5, counters: "gps" });
    expect(gps.records.at(-1)!.accumulatedMiles).toBeCloseTo(12_000 / MILE, 3);
    expect(gps.records.every((record) => record.diagnostic && record.elapsedEngineHours === null)).toBe(true);
    const phone = await drive({ hoursAgo: 7, counters: "none" });
    expect(phone.records.every((record) => record.diagnostic && record.accumulatedMiles === null)).toBe(true);
  });

  it("log the missing-data-elements diagnostic (type 7, Table 4 code 3) once while it lasts, cleared when the engine counters return", async () => {
    const phone = await drive({ hoursAgo: 9, counters: "none" });
    expect(phone.diagnostics.map((record) => [record.eventCode, record.diagnosticCode])).toEqual([[3, "3"]]);
    // The same truck, its CAN counters wired: the first complete record clears it.
    const wired = await drive({ hoursAgo: 2, counters: "engine", truck: phone.truck });
    expect(wired.diagnostics.map((record) => [record.eventCode, record.diagnosticCode])).toEqual([
      [3, "3"],
      [4, "3"],
    ]);
    expect(wired.records.at(-1)!.diagnostic).toBe(false);
    const now = new Date();
    const file = buildEldFile(
      await loadEldFileInput({
        db: database().db,
        companyId,
        dataset: "live",
        driverId: wired.driver.id,
        range: eldFileRange({ driver: wired.driver, now }),
        now,
        outputFileComment: "",
      }),
    );
    // The file's segment, newest first: cleared, then logged; each with the code of Table 4.
    expect(
      parseEldFile(file.text)
        .segments.get("Malfunctions and Data Diagnostic Events:")!
        .map((row) => [row[1], row[2]]),
    ).toEqual([
      ["4", "3"],
      ["3", "3"],
    ]);
  });
});
