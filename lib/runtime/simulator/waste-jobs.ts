import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { formatPlaceAddress } from "@/lib/platform/geo/chicago-grid";
import { gridToLatLon, placeToGrid } from "@/lib/platform/geo/chicago-grid";
import { buildDayPlan, type PlannedJob } from "./day-plan";
import { dayOfTime, DAY_MS, type SimVehicle } from "./sim-vehicle";

/** Jobs exist from this many days back to this many days ahead of today. */
export const JOB_DAYS_BACK = 7;
export const JOB_DAYS_AHEAD = 3;

type SimJob = PlannedJob & { vehicle: SimVehicle };
export type KnownJobs = Map<string, { id: number; status: string }>;

const keyOf = (assetId: number, scheduled: number, client: string) => `${assetId}|${scheduled}|${client}`;

/** A job's status at `time`: Scheduled → Assigned → InProgress → Completed, or Scheduled → Cancelled. */
export const jobStatusAt = (job: PlannedJob, time: number) => {
  if (job.cancelAt !== null) return time >= job.cancelAt ? "Cancelled" : "Scheduled";
  if (job.visit && time >= job.visit.depart) return "Completed";
  if (job.visit && time >= job.visit.arrive) return "InProgress";
  return time >= job.assignedAt ? "Assigned" : "Scheduled";
};

/** The jobs of the waste vehicles' routes from JOB_DAYS_BACK days ago to JOB_DAYS_AHEAD days ahead. */
export const plannedJobs = ({ vehicles, now }: { vehicles: SimVehicle[]; now: number }): SimJob[] => {
  const today = dayOfTime(now);
  const jobs: SimJob[] = [];
  for (const vehicle of vehicles.filter((v) => v.wasteJobs)) {
    for (let day = today - JOB_DAYS_BACK; day <= today + JOB_DAYS_AHEAD; day++) {
      for (const job of buildDayPlan(vehicle, day).jobs) jobs.push({ ...job, vehicle });
    }
  }
  return jobs;
};

/** The jobs already stored in the window, by key, so the simulator never creates one twice. */
export const loadKnownJobs = async ({ db, vehicles, now }: { db: Executor; vehicles: SimVehicle[]; now: number }): Promise<KnownJobs> => {
  const ids = vehicles.filter((v) => v.wasteJobs).map((v) => v.vehicleId);
  const rows = await queryRows<{ id: number; asset: number; scheduled: string; client: string; status: string }>(
    db,
    sql`select id, assigned_to_asset_id as asset, scheduled_date as scheduled, pick_up_client_name as client, status from waste_jobs
        where assigned_to_asset_id = any(${sql.param(ids)}::int[]) and scheduled_date >=
          ${new Date(now - (JOB_DAYS_BACK + 1) * DAY_MS).toISOString()}::timestamptz`,
  );
  return new Map(rows.map((row) => [keyOf(row.asset, new Date(row.scheduled).getTime(), row.client), { id: row.id, status: row.status }]));
};

/** When a job completed (its vehicle left the pick-up), once it has by `now`. */
const completedAt = (job: SimJob, now: number) => (jobStatusAt(job, now) === "Completed" && job.visit ? new Date(job.visit.depart).toISOString() : null);

/** Creates the jobs due to exist by `now` and moves every job to its status at `now`. */
export const syncWasteJobs = async ({ db, jobs, known, now }: { db: Executor; jobs: SimJob[]; known: KnownJobs; now: number }) => {
  const created = jobs.filter((job) => job.createdAt <= now && !known.has(keyOf(job.vehicle.vehicleId, job.scheduled, job.customer.name)));
  if (created.length > 0) {
    const column = <T>(pick: (job: SimJob) => T) => sql.param(created.map(pick));
    const status = (job: SimJob) => jobStatusAt(job, now);
    const rows = await queryRows<{ id: number; asset: number; scheduled: string; client: string; status: string }>(
      db,
      sql`insert into waste_jobs (company_id, dataset, scheduled_date, service_type, status, pick_up_client_name, pick_up_address, latitude, longitude,
            assigned_to_asset_id, assigned_to_driver_id, tonnage, completed_at, utc_created, updated_at)
          select *, now() from unnest(${column((j) => j.vehicle.companyId)}::int[], ${column((j) => j.vehicle.dataset)}::text[],
            ${column((j) => new Date(j.scheduled).toISOString())}::timestamptz[], ${column((j) => j.serviceType)}::text[], ${column(status)}::text[],
            ${column((j) => j.customer.name)}::text[], ${column((j) => formatPlaceAddress(j.customer))}::text[],
            ${column((j) => gridToLatLon(placeToGrid(j.customer)).latitude)}::float8[],
              ${column((j) => gridToLatLon(placeToGrid(j.customer)).longitude)}::float8[],
            ${column((j) => j.vehicle.vehicleId)}::int[], ${column((j) => j.vehicle.driverId)}::int[],
            ${column((j) => (status(j) === "Completed" ? j.tonnage : 0))}::real[], ${column((j) => completedAt(j, now))}::timestamptz[],
            ${column((j) => new Date(j.createdAt).toISOString())}::timestamptz[])
          returning id, assigned_to_asset_id as asset, scheduled_date as scheduled, pick_up_client_name as client, status`,
    );
    for (const row of rows) known.set(keyOf(row.asset, new Date(row.scheduled).getTime(), row.client), { id: row.id, status: row.status });
  }
  const changed = jobs
    .map((job) => ({ job, stored: known.get(keyOf(job.vehicle.vehicleId, job.scheduled, job.customer.name)), status: jobStatusAt(job, now) }))
    .filter((entry) => entry.stored && entry.stored.status !== entry.status);
  if (changed.length > 0) {
    await db.execute(sql`
      update waste_jobs w set status = t.status, tonnage = t.tonnage, completed_at = t.completed_at, updated_at = now()
      from unnest(${sql.param(changed.map((c) => c.stored!.id))}::int[], ${sql.param(changed.map((c) => c.status))}::text[],
        ${sql.param(changed.map((c) => (c.status === "Completed" ? c.job.tonnage : 0)))}::real[],
        ${sql.param(changed.map((c) => completedAt(c.job, now)))}::timestamptz[]) as t(id, status, tonnage, completed_at)
      where w.id = t.id`);
    for (const entry of changed) entry.stored!.status = entry.status;
  }
  return { created: created.length, updated: changed.length };
};
