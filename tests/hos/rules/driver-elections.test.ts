import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, hosLogs } from "@/db/schema";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import { listCurrentHosClocks } from "@/lib/hos/records/list-current-hos-clocks";
import { listFleetViolations } from "@/lib/hos/records/list-fleet-violations";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const HOUR = 3_600_000;
const now = new Date("2026-03-10T23:00:00Z");
const at = (hoursBeforeNow: number) => new Date(now.getTime() - hoursBeforeNow * HOUR);
const database = useTestDatabase();
let company = 0;
let shortHaul = 0;
let longHaul = 0;
let bigDay = 0;

beforeAll(async () => {
  const { db } = database();
  ({ demoCompanyId: company } = await seedTestCompanies({ db }));
  const rows = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, company), eq(drivers.dataset, "live")))
    .orderBy(drivers.id);
  [shortHaul, longHaul, bigDay] = rows.map((row) => row.id);
  await db.update(drivers).set({ shortHaulException: true }).where(eq(drivers.id, shortHaul));
  const tenant = { companyId: company, dataset: "live" as const };
  // The same 11-hour day for the first two: 9 h of driving without a 30-minute break, released at hour 11.
  const day = (driverId: number) => [
    { ...tenant, driverId, status: "offDuty" as const, startTime: at(40) },
    { ...tenant, driverId, status: "onDuty" as const, startTime: at(12) },
    { ...tenant, driverId, status: "driving" as const, startTime: at(11) },
    { ...tenant, driverId, status: "onDuty" as const, startTime: at(2) },
    { ...tenant, driverId, status: "offDuty" as const, startTime: at(1) },
  ];
  // A 16-hour day claiming 395.1(o) on its first entry: driving in the 15th and 16th hours.
  const sixteenHourDay = [
    { ...tenant, driverId: bigDay, status: "offDuty" as const, startTime: at(40) },
    { ...tenant, driverId: bigDay, status: "onDuty" as const, startTime: at(16), sixteenHourException: true },
    { ...tenant, driverId: bigDay, status: "driving" as const, startTime: at(14) },
    { ...tenant, driverId: bigDay, status: "onDuty" as const, startTime: at(8) },
    { ...tenant, driverId: bigDay, status: "driving" as const, startTime: at(3) },
  ];
  await db.insert(hosLogs).values([...day(shortHaul), ...day(longHaul), ...sixteenHourDay]);
});

describe("the drivers' HOS elections from the database", () => {
  it("a short-haul driver owes no 30-minute break; the same day without the election misses it", async () => {
    const { db } = database();
    const violations = await listFleetViolations({ db, companyId: company, dataset: "live", from: at(24), to: now });
    expect(violations.filter((v) => v.driver.id !== bigDay).map((v) => [v.driver.id, v.type])).toEqual([[longHaul, "restbreakMissed"]]);
    const clocks = await listCurrentHosClocks({ db, companyId: company, dataset: "live", driverIds: [shortHaul, longHaul], at: at(2) });
    expect(clocks.get(shortHaul)!.timeUntilBreakMs).toBe(8 * HOUR);
    expect(clocks.get(longHaul)!.timeUntilBreakMs).toBe(0);
  });

  it("a 16-hour claim stored on the log widens that day's window", async () => {
    const { db } = database();
    const hos = await getDriverHos({ db, companyId: company, dataset: "live", driverId: bigDay, at: now });
    expect(hos.violations).toEqual([]);
    expect(hos.clocks.shiftRemainingMs).toBe(0);
    expect(hos.log.some((entry) => entry.sixteenHourException)).toBe(true);
  });
});
