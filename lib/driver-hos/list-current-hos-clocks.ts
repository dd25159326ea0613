import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { DutyStatus } from "@/db/schema";
import { computeHosClocks, type HosClocks, type HosRuleset } from "@/lib/hos";
import type { TenantQuery } from "@/lib/tenant";

// 70/8 looks at the current day and the 7 before; one more day covers the driver's day boundary in any zone.
const HISTORY_DAYS = 9;

export type DriverHosClocks = HosClocks & { driverId: number };

type Row = { driver_id: number; status: DutyStatus; start_time: string | Date; adverse_driving: boolean };

/**
 * Each driver's HOS clocks at `at`, from the duty-status log in the database: the last 9 days of
 * entries plus the one in force when that window opens, replayed by the pure engine in lib/hos.
 * Reads the (driver_id, start_time) index; drivers of other tenants simply match nothing.
 */
export const listCurrentHosClocks = async ({
  db,
  companyId,
  dataset,
  driverIds,
  at = new Date(),
}: TenantQuery & { driverIds: readonly number[]; at?: Date }): Promise<Map<number, DriverHosClocks>> => {
  const result = new Map<number, DriverHosClocks>();
  if (driverIds.length === 0) return result;
  const ids = `{${driverIds.join(",")}}`;
  const windowStart = new Date(at.getTime() - HISTORY_DAYS * 86_400_000).toISOString();
  const tenant = sql`company_id = ${companyId} and dataset = ${dataset}`;
  const [drivers, entries] = await Promise.all([
    queryRows<{ id: number; hos_ruleset: HosRuleset; timezone: string; day_start_hour: number }>(
      db,
      sql`select id, hos_ruleset, timezone, day_start_hour from drivers where id = any(${ids}::int[]) and ${tenant}`,
    ),
    queryRows<Row>(
      db,
      sql`select driver_id, status, start_time, adverse_driving from hos_logs
          where driver_id = any(${ids}::int[]) and ${tenant} and start_time >= ${windowStart}::timestamptz and start_time <= ${at.toISOString()}::timestamptz
          union all
          select * from (select distinct on (driver_id) driver_id, status, start_time, adverse_driving from hos_logs
            where driver_id = any(${ids}::int[]) and ${tenant} and start_time < ${windowStart}::timestamptz
            order by driver_id, start_time desc) opening`,
    ),
  ]);
  const logs = new Map<number, Row[]>();
  for (const entry of entries) {
    const driverId = Number(entry.driver_id);
    if (!logs.has(driverId)) logs.set(driverId, []);
    logs.get(driverId)!.push(entry);
  }
  for (const driver of drivers) {
    const log = (logs.get(driver.id) ?? []).map((entry) => ({ status: entry.status, startTime: new Date(entry.start_time), adverseDriving: entry.adverse_driving }));
    const clocks = computeHosClocks({ log, ruleset: driver.hos_ruleset, at, timezone: driver.timezone, dayStartHour: driver.day_start_hour });
    result.set(driver.id, { ...clocks, driverId: driver.id });
  }
  return result;
};
