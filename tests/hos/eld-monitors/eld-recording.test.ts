import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, drivers, eldEvents, telemetryCheckpoints, vehicles } from "@/db/schema";
import { listActiveEldConditions } from "@/lib/hos/eld-events/active-eld-conditions";
import { recordEldEvents, type EldEventDraft } from "@/lib/hos/eld-events/record-eld-events";
import { checkEldDataRecording } from "@/lib/hos/eld-monitors/data-recording";
import { automaticDrivingProcessor } from "@/lib/hos/logbook/automatic-driving";
import { checkEldRecording } from "@/lib/hos/logbook/recording-check";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const MINUTE = 60_000;
const DAY = 86_400_000;
const database = useTestDatabase();
const tenant = { companyId: 0, dataset: "live" as const };
const ids = { driver: 0, truck: 0, van: 0 };

const dutyStatus = (vehicleId: number, minutesAgo: number, code: number): EldEventDraft => ({
  driverId: ids.driver,
  vehicleId,
  type: 1,
  code,
  at: new Date(Date.now() - minutesAgo * MINUTE),
  origin: "driver",
  position: { latitude: 41.5, longitude: -88.1 },
});
const record = (...drafts: EldEventDraft[]) => database().db.transaction((tx) => recordEldEvents({ db: tx, ...tenant, drafts }));
/** The driver's active conditions of `codes` in the vehicle `vehicleId` (the records here lack engine data: "3" is active too). */
const conditions = async (codes: readonly string[], vehicleId: number | null, now = new Date()) =>
  (await listActiveEldConditions({ db: database().db, ...tenant, drivers: [{ driverId: ids.driver, vehicleId }], now }))
    .filter((c) => codes.includes(c.diagnosticCode))
    .map((c) => [c.kind, c.diagnosticCode, c.vehicleId]);
/** The type 7 records of a code: [event code, the vehicle or null]. */
const recordsOf = async (diagnosticCode: string) =>
  (
    await database()
      .db.select()
      .from(eldEvents)
      .where(and(eq(eldEvents.companyId, tenant.companyId), eq(eldEvents.eventType, 7), eq(eldEvents.diagnosticCode, diagnosticCode)))
      .orderBy(asc(eldEvents.id))
  ).map((row) => [row.eventCode, row.vehicleId, row.driverId === ids.driver ? "driver" : "unidentified", row.malfunction]);

beforeAll(async () => {
  const { db } = database();
  const [company] = await db.insert(companies).values({ name: "Recording Fleet" }).returning();
  tenant.companyId = company.id;
  const [truck, van] = await db
    .insert(vehicles)
    .values([
      { ...tenant, name: "Truck 9", vin: "1FUJGHDV0CLBP8836" },
      { ...tenant, name: "Van 4", vin: "1FUJGHDV0CLBP8837" },
    ])
    .returning();
  [ids.truck, ids.van] = [truck.id, van.id];
  const [driver] = await db
    .insert(drivers)
    .values({ ...tenant, name: "Dee", username: "dee", timezone: "America/Chicago", staticAssignedVehicleId: truck.id })
    .returning();
  ids.driver = driver.id;
});

describe("ELD data recording (4.6.1.5) and recording stall (4.6.1.8) conditions", () => {
  it("a record the ELD no longer retains is malfunction R on that ELD, shown to its driver; cleared once the roadside period holds none", async () => {
    const { db } = database();
    await record(dutyStatus(ids.truck, 50, 3), dutyStatus(ids.truck, 40, 4), dutyStatus(ids.truck, 30, 3), dutyStatus(ids.truck, 20, 1));
    await record(dutyStatus(ids.van, 50, 3), dutyStatus(ids.van, 40, 4));
    // Every record there: nothing to log.
    await checkEldDataRecording({ db });
    expect(await recordsOf("R")).toEqual([]);
    // One of the truck's records is lost, in the middle of its run; then its latest one (the counter is past it).
    const truckRecords = await db
      .select()
      .from(eldEvents)
      .where(and(eq(eldEvents.companyId, tenant.companyId), eq(eldEvents.vehicleId, ids.truck)))
      .orderBy(asc(eldEvents.id));
    await db.delete(eldEvents).where(and(eq(eldEvents.companyId, tenant.companyId), eq(eldEvents.id, truckRecords[2].id)));
    await checkEldDataRecording({ db });
    expect(await recordsOf("R")).toEqual([[1, ids.truck, "driver", true]]);
    expect(await conditions(["R"], ids.truck)).toEqual([["malfunction", "R", ids.truck]]);
    // The van's records are all there: its driver's list names the truck's malfunction only.
    expect(await conditions(["R"], ids.van)).toEqual([["malfunction", "R", ids.truck]]);
    // Checked again the next day: still missing, nothing new recorded.
    await checkEldDataRecording({ db, now: new Date(Date.now() + DAY) });
    expect(await recordsOf("R")).toHaveLength(1);
    // Past the roadside period (today and the previous 7 days) the records it holds are whole: cleared.
    const later = new Date(Date.now() + 10 * DAY);
    await checkEldDataRecording({ db, now: later });
    expect(await recordsOf("R")).toEqual([
      [1, ids.truck, "driver", true],
      [2, ids.truck, "driver", false],
    ]);
    expect(await conditions(["R"], ids.truck, later)).toEqual([]);
  });

  it("the ELD's latest record lost (the counter past the last one kept) is malfunction R too", async () => {
    const { db } = database();
    const [latest] = await record(dutyStatus(ids.van, 10, 3));
    await db.delete(eldEvents).where(and(eq(eldEvents.companyId, tenant.companyId), eq(eldEvents.id, latest.id)));
    await checkEldDataRecording({ db });
    expect((await recordsOf("R")).filter(([, vehicleId]) => vehicleId === ids.van)).toEqual([[1, ids.van, "unidentified", true]]);
  });

  it("telemetry waiting 5 minutes for automatic driving is diagnostic 6, 30 minutes malfunction O, on every driver; caught up clears both", async () => {
    const { db } = database();
    const report = (minutesAgo: number) =>
      writeTelemetry({
        db,
        ...tenant,
        positions: [{ vehicleId: ids.truck, time: new Date(Date.now() - minutesAgo * MINUTE), latitude: 41.5, longitude: -88.1 }],
      });
    await report(5);
    await runTelemetryProcessors({ db, processors: [automaticDrivingProcessor] });
    // Caught up: nothing. Telemetry waiting while the processor ran a moment ago: nothing either.
    await checkEldRecording({ db, settleMs: 0 });
    await report(4);
    await checkEldRecording({ db, settleMs: 0 });
    expect(await recordsOf("6")).toEqual([]);
    // The processor has committed no window for 6 minutes while that report waits.
    const checkpoint = and(eq(telemetryCheckpoints.companyId, tenant.companyId), eq(telemetryCheckpoints.processor, automaticDrivingProcessor.name));
    await db
      .update(telemetryCheckpoints)
      .set({ updatedAt: new Date(Date.now() - 6 * MINUTE) })
      .where(checkpoint);
    const now = Date.now();
    await checkEldRecording({ db, now: new Date(now), settleMs: 0 });
    expect(await recordsOf("6")).toEqual([[3, null, "driver", false]]);
    expect(await conditions(["6", "O"], null, new Date(now))).toEqual([["diagnostic", "6", null]]);
    await checkEldRecording({ db, now: new Date(now + 20 * MINUTE), settleMs: 0 });
    expect(await recordsOf("O")).toEqual([]);
    await checkEldRecording({ db, now: new Date(now + 30 * MINUTE), settleMs: 0 });
    expect(await recordsOf("O")).toEqual([[1, null, "driver", true]]);
    expect(await conditions(["6", "O"], null, new Date(now + 30 * MINUTE))).toEqual([
      ["malfunction", "O", null],
      ["diagnostic", "6", null],
    ]);
    // The processor catches up.
    await runTelemetryProcessors({ db, processors: [automaticDrivingProcessor] });
    await checkEldRecording({ db, now: new Date(now + 31 * MINUTE), settleMs: 0 });
    expect(await recordsOf("6")).toEqual([
      [3, null, "driver", false],
      [4, null, "driver", false],
    ]);
    expect(await recordsOf("O")).toEqual([
      [1, null, "driver", true],
      [2, null, "driver", false],
    ]);
    expect(await conditions(["6", "O"], null, new Date(now + 31 * MINUTE))).toEqual([]);
  });
});
