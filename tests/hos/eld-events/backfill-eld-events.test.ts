import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, drivers, eldEvents, hosCertifications, hosLogEdits, hosLogs, unassignedDriving, vehicles } from "@/db/schema";
import { buildEldFile, eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file";
import { dayInZone } from "@/lib/platform/zoned-time";
import { runFleetCommand } from "@/scripts/fleet-command";
import { useTestDatabase } from "../../helpers/test-database";
import { parseEldFile } from "../eld-file/eld-file-parser";

const database = useTestDatabase();
const HOUR = 3_600_000;
let companyId = 0;
let driverId = 0;
let vehicleId = 0;

/** The HOS history of a service upgraded to migration 0046: rows written before ELD records were stored. */
beforeAll(async () => {
  const { db } = database();
  const [company] = await db.insert(companies).values({ name: "Upgraded Fleet" }).returning();
  companyId = company.id;
  const tenant = { companyId, dataset: "live" as const };
  const [vehicle] = await db
    .insert(vehicles)
    .values({ ...tenant, name: "Truck 9", vin: "1FUJGHDV0CLBP8899", powerUnitNumber: "TRK9" })
    .returning();
  vehicleId = vehicle.id;
  const [driver] = await db
    .insert(drivers)
    .values({ ...tenant, name: "Old Timer", username: "old.timer", timezone: "UTC" })
    .returning();
  driverId = driver.id;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
  const place = { latitude: 41.8781, longitude: -87.6298 };
  await db.insert(hosLogs).values([
    { ...tenant, driverId, vehicleId, status: "offDuty", startTime: ago(30), origin: "manual", ...place },
    { ...tenant, driverId, vehicleId, status: "driving", startTime: ago(28), origin: "automatic", ...place },
    { ...tenant, driverId, vehicleId, status: "onDuty", startTime: ago(27), origin: "automatic", ...place },
    { ...tenant, driverId: 999_999, vehicleId, status: "driving", startTime: ago(27), origin: "simulator", ...place },
  ]);
  await db.insert(hosLogEdits).values({
    ...tenant,
    driverId,
    status: "sleeperBed",
    startTime: ago(26),
    reason: "Sleeper?",
    state: "rejected",
    proposedByName: "Pat Okafor",
    proposedById: null,
    answeredAt: ago(25),
  });
  await db.insert(unassignedDriving).values({
    ...tenant,
    vehicleId,
    startTime: ago(24),
    endTime: ago(23),
    closed: true,
    startLatitude: 41.8,
    startLongitude: -87.6,
    endLatitude: 41.9,
    endLongitude: -87.7,
  });
  await db.insert(hosCertifications).values({ ...tenant, driverId, logDate: dayInZone(Date.now() - 30 * HOUR, "UTC"), certifiedAt: ago(22) });
});

const run = async () => {
  const out: string[] = [];
  const code = await runFleetCommand(["eld", "backfill"], { db: database().db, readStdin: async () => "", out: (line) => out.push(line), err: () => {} });
  return { code, out: out.join("\n") };
};

describe("npm run fleet -- eld backfill", () => {
  it("records the history from before the ELD records were stored, once, and the output file shows it", async () => {
    const { db } = database();
    const first = await run();
    expect(first.code).toBe(0);
    const records = await db.select().from(eldEvents).where(eq(eldEvents.companyId, companyId)).orderBy(asc(eldEvents.eventAt), asc(eldEvents.id));
    expect(records.map((r) => `${r.driverId === null ? "unidentified" : "driver"} ${r.eventType}/${r.eventCode} ${r.recordStatus} ${r.recordOrigin}`)).toEqual([
      "driver 1/1 active driver",
      // The vehicle reported no engine odometer: its first record logs the missing-data-elements diagnostic.
      "driver 7/3 active automatic",
      "driver 1/3 active automatic",
      "driver 1/4 active automatic",
      "driver 1/2 changeRejected otherUser",
      "unidentified 1/3 active automatic",
      "unidentified 1/4 active automatic",
      "driver 4/1 active driver",
    ]);
    // Numbered per ELD in the order the events happened: the vehicle's records 0 to 5; those without a vehicle 0, 1.
    expect(records.filter((r) => r.vehicleId === vehicleId).map((r) => r.sequenceId)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(records.filter((r) => r.vehicleId === null).map((r) => r.sequenceId)).toEqual([0, 1]);
    expect(first.out).toMatch(/^recorded \d+ ELD events$/);
    expect(await run()).toEqual({ code: 0, out: "recorded 0 ELD events" });

    const [driver] = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.id, driverId)));
    const now = new Date();
    const file = buildEldFile(
      await loadEldFileInput({ db, companyId, dataset: "live", driverId, range: eldFileRange({ driver, now }), now, outputFileComment: "" }),
    );
    const segments = parseEldFile(file.text).segments;
    expect(segments.get("ELD Event List:")).toHaveLength(4);
    expect(segments.get("Unidentified Driver Profile Records:")).toHaveLength(2);
    expect(segments.get("Driver's Certification/Recertification Actions:")).toHaveLength(1);
  });
});
