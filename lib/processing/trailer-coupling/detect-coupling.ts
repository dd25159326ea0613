import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { Tenant } from "@/lib/platform/tenant";

/** Moving together this long makes a coupling (docs/decisions.md "Trailers are vehicles of another kind"). */
export const COUPLING_MS = 10 * 60_000;
/** A tractor fix within this many meters of each trailer fix … */
export const COUPLING_METERS = 100;
/** … and this close in time (trackers report on their own clocks). */
const SLACK = "30 seconds";
/** The trailer moved: one of its fixes at this speed (m/s) or more. */
const MOVING_MPS = 3;
/** A detected coupling ends when the tractor's latest fix is this far from the trailer's latest. */
export const UNCOUPLED_METERS = 500;

/** Meters between two fixes (equirectangular: exact enough at 100 m), as SQL over `a` and `b`. */
export const distanceSql = (a: string, b: string) =>
  sql.raw(
    `6371000 * sqrt(power(radians(${b}.latitude - ${a}.latitude), 2) + power(radians(${b}.longitude - ${a}.longitude) * cos(radians(${a}.latitude)), 2))`,
  );

/**
 * The tractor (a vehicle, not a trailer) that had a fix within 100 m and 30 s of every fix the trailer
 * reported in the 10 minutes up to `end`, the trailer moving and its fixes spanning them; null when none did.
 */
export const findTractor = async ({ db, tenant, trailerId, end }: { db: Executor; tenant: Tenant; trailerId: number; end: Date }) => {
  const start = new Date(end.getTime() - COUPLING_MS);
  const { companyId, dataset } = tenant;
  const [trail] = await queryRows<{ fixes: number; first: string | null; top: number | null }>(
    db,
    sql`select count(*)::int as fixes, min(time) as first, max(speed) as top from vehicle_positions
        where company_id = ${companyId} and dataset = ${dataset} and vehicle_id = ${trailerId}
          and time >= ${start.toISOString()}::timestamptz and time <= ${end.toISOString()}::timestamptz`,
  );
  const covers = trail.first !== null && new Date(trail.first).getTime() <= start.getTime() + 90_000;
  if (trail.fixes < 3 || !covers || (trail.top ?? 0) < MOVING_MPS) return null;
  const [best] = await queryRows<{ vehicle_id: number; matched: number }>(
    db,
    sql`select p.vehicle_id, count(distinct t.time)::int as matched
        from vehicle_positions t
        join vehicle_positions p on p.company_id = t.company_id and p.dataset = t.dataset and p.vehicle_id <> t.vehicle_id
          and p.time between t.time - ${SLACK}::interval and t.time + ${SLACK}::interval
        join vehicles v on v.company_id = p.company_id and v.id = p.vehicle_id and v.asset_kind = 'vehicle'
        where t.company_id = ${companyId} and t.dataset = ${dataset} and t.vehicle_id = ${trailerId}
          and p.company_id = ${companyId} and v.company_id = ${companyId}
          and t.time >= ${start.toISOString()}::timestamptz and t.time <= ${end.toISOString()}::timestamptz
          and ${distanceSql("t", "p")} < ${COUPLING_METERS}
        group by p.vehicle_id order by matched desc, p.vehicle_id limit 1`,
  );
  return best && Number(best.matched) === Number(trail.fixes) ? { tractorId: Number(best.vehicle_id), since: new Date(trail.first!) } : null;
};
