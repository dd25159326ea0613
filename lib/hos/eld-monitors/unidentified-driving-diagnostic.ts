import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { Tenant } from "@/lib/platform/tenant";
import { setIndicator, type EldMonitorState, type IndicatorChange } from "./monitor-state";

/** Table 4: the unidentified driving records data diagnostic. */
export const UNIDENTIFIED_DRIVING = "5";
/** 4.6.1.6(a): more than 30 minutes of unidentified driving in 24 hours logs it... */
const LOG_OVER_SECONDS = 30 * 60;
/** ...(b): it clears once the current 24 hours and the previous 7 days hold 15 minutes or less. */
const CLEAR_AT_SECONDS = 15 * 60;

/**
 * The unidentified driving records diagnostic (4.6.1.6) of each vehicle asked, at its instant: the driving under the
 * unidentified driver profile (unassigned segments no driver has accepted: unassigned, proposed to a driver or
 * annotated) in the 24 hours and in the 8 days up to it, one statement for all. Updates each state's active codes;
 * returns each vehicle's change, if any.
 */
export const monitorUnidentifiedDriving = async ({
  db,
  companyId,
  dataset,
  asked,
}: Tenant & { db: Executor; asked: readonly { vehicleId: number; at: number; state: EldMonitorState }[] }) => {
  const changes = new Map<number, IndicatorChange[]>();
  if (asked.length === 0) return changes;
  const rows = await queryRows<{ vehicle_id: number; day: number | string; week: number | string }>(
    db,
    sql`with asked as (
      select * from jsonb_to_recordset(${JSON.stringify(asked.map(({ vehicleId, at }) => ({ vehicle_id: vehicleId, at: new Date(at).toISOString() })))}::jsonb)
        as r(vehicle_id int, at timestamptz)
    ), spans as (
      select a.vehicle_id, a.at, u.start_time, least(u.end_time, a.at) as end_time
      from asked a join unassigned_driving u on u.company_id = ${companyId} and u.dataset = ${dataset} and u.vehicle_id = a.vehicle_id
        and u.status <> 'accepted' and u.start_time < a.at and u.end_time > a.at - interval '8 days'
    )
    select a.vehicle_id,
      coalesce(sum(extract(epoch from s.end_time - greatest(s.start_time, a.at - interval '24 hours')))
        filter (where s.end_time > a.at - interval '24 hours'), 0) as day,
      coalesce(sum(extract(epoch from s.end_time - greatest(s.start_time, a.at - interval '8 days'))), 0) as week
    from asked a left join spans s on s.vehicle_id = a.vehicle_id and s.at = a.at
    group by a.vehicle_id`,
  );
  const driving = new Map(rows.map((row) => [Number(row.vehicle_id), { day: Number(row.day), week: Number(row.week) }]));
  for (const { vehicleId, at, state } of asked) {
    const { day, week } = driving.get(vehicleId) ?? { day: 0, week: 0 };
    const vehicleChanges: IndicatorChange[] = [];
    if (day > LOG_OVER_SECONDS) setIndicator(state, vehicleChanges, { at, diagnosticCode: UNIDENTIFIED_DRIVING, logged: true });
    else if (week <= CLEAR_AT_SECONDS) setIndicator(state, vehicleChanges, { at, diagnosticCode: UNIDENTIFIED_DRIVING, logged: false });
    changes.set(vehicleId, vehicleChanges);
  }
  return changes;
};
