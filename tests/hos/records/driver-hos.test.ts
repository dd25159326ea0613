import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, hosLogs } from "@/db/schema";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import { listDriverClocks } from "@/lib/hos/records/list-driver-clocks";
import { listFleetViolations } from "@/lib/hos/records/list-fleet-violations";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const HOUR = 3_600_000;
const now = new Date("2026-03-10T18:00:00Z");
const database = useTestDatabase();
let demo = 0;
let other = 0;
let tired = 0;
let rested = 0;

beforeAll(async () => {
  const { db } = database();
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db }));
  const demoDrivers = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, demo), eq(drivers.dataset, "live")))
    .orderBy(drivers.id);
  [tired, rested] = [demoDrivers[0].id, demoDrivers[1].id];
  await db.update(drivers).set({ timezone: "UTC" }).where(eq(drivers.id, tired));
  const at = (hoursBeforeNow: number) => new Date(now.getTime() - hoursBeforeNow * HOUR);
  // 12 h of driving from 13 h ago: one hour past the 11-hour limit, and no 30-minute break.
  await db.insert(hosLogs).values([
    { companyId: demo, dataset: "live", driverId: tired, status: "offDuty", startTime: at(40) },
    { companyId: demo, dataset: "live", driverId: tired, status: "driving", startTime: at(13), vehicleId: 1 },
    { companyId: demo, dataset: "live", driverId: tired, status: "onDuty", startTime: at(1) },
    { companyId: demo, dataset: "live", driverId: rested, status: "driving", startTime: at(2) },
  ]);
});

describe("driver HOS for the dashboard", () => {
  it("lists every active driver's clocks for the tenant only", async () => {
    const { db } = database();
    const board = await listDriverClocks({ db, companyId: demo, dataset: "live", at: now });
    expect(board.length).toBeGreaterThan(2);
    expect(board.every((row) => row.driver.companyId === demo)).toBe(true);
    const byId = new Map(board.map((row) => [row.driver.id, row]));
    expect(byId.get(tired)!.clocks).toMatchObject({ currentStatus: "onDuty", driveRemainingMs: 0 });
    expect(byId.get(rested)!.clocks).toMatchObject({ currentStatus: "driving", driveRemainingMs: 9 * HOUR });
  });

  it("gives a driver's daily logs, the entries behind them and the violations", async () => {
    const { db } = database();
    const hos = await getDriverHos({ db, companyId: demo, dataset: "live", driverId: tired, at: now });
    expect(hos.dailyLogs.at(-1)!.date).toBe("2026-03-10");
    expect(hos.dailyLogs.at(-1)!.durationsMs.driving).toBe(12 * HOUR);
    expect(hos.log.map((entry) => entry.status)).toEqual(["offDuty", "driving", "onDuty"]);
    expect(hos.violations.map((v) => v.type).sort()).toEqual(["restbreakMissed", "shiftDrivingHours"]);
    await expect(getDriverHos({ db, companyId: other, dataset: "live", driverId: tired, at: now })).rejects.toMatchObject({ code: "not_found" });
  });

  it("gives each day the distance the driver's vehicle covered while driving, not before or after", async () => {
    const { db } = database();
    const at = (hoursBeforeNow: number) => new Date(now.getTime() - hoursBeforeNow * HOUR);
    // Legs of 0.1° of latitude (about 11.1 km each): three end while driving, the last one after it ended.
    const positions = [
      { time: at(14), latitude: 41.78 },
      { time: at(12), latitude: 41.88 },
      { time: at(6), latitude: 41.98 },
      { time: at(2), latitude: 42.08 },
      { time: at(0.5), latitude: 42.18 },
    ].map((point) => ({ vehicleId: 1, longitude: -87.63, ...point }));
    await writeTelemetry({ db, companyId: demo, dataset: "live", positions, now });
    const hos = await getDriverHos({ db, companyId: demo, dataset: "live", driverId: tired, at: now });
    expect(hos.dailyLogs.at(-1)!.distanceMeters).toBeCloseTo(3 * 11_119.5, -2);
  });

  it("lists the fleet's violations in a range, newest first, optionally for one driver", async () => {
    const { db } = database();
    const all = await listFleetViolations({ db, companyId: demo, dataset: "live", from: new Date(now.getTime() - 24 * HOUR), to: now });
    expect(all.map((v) => v.driver.id)).toEqual([tired, tired]);
    expect(all[0].startTime.getTime()).toBeGreaterThanOrEqual(all[1].startTime.getTime());
    expect(await listFleetViolations({ db, companyId: demo, dataset: "live", from: new Date(now.getTime() - 24 * HOUR), to: now, driverId: rested })).toEqual(
      [],
    );
    expect(await listFleetViolations({ db, companyId: other, dataset: "live", from: new Date(now.getTime() - 24 * HOUR), to: now })).toEqual([]);
  });
});
