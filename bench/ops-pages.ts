/**
 * Server time of the data functions behind the HOS board and the waste-jobs page, on a fleet of
 * 2,000 drivers (10 days of logs, ~6 entries a day) and 50,000 waste jobs. Fresh in-memory PGlite,
 * or PostgreSQL when DATABASE_URL is set (use an empty database). `npx tsx bench/ops-pages.ts`;
 * prints figures, asserts nothing.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { queryRows } from "@/db/rows";
import { listDriverClocks } from "@/lib/hos/records/list-driver-clocks";
import { countWasteJobsByStatus } from "@/lib/fleet/waste/count-waste-jobs-by-status";
import { findWasteJobs } from "@/lib/fleet/waste/find-waste-jobs";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";

const DRIVERS = 2_000;
const JOBS = 50_000;
const PAGE = 50;

const handle = openDatabase({ url: process.env.DATABASE_URL, dataDir: "memory://" });
const { db } = handle;

const time = async <T>(label: string, run: () => Promise<T>, repeat = 3) => {
  let best = Infinity;
  let result: T | undefined;
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    result = await run();
    best = Math.min(best, performance.now() - started);
  }
  console.log(`${label.padEnd(58)} ${best.toFixed(1).padStart(8)} ms (best of ${repeat})`);
  return result as T;
};

const main = async () => {
  console.log(`database: ${handle.kind}`);
  await migrateDatabase(handle);
  await seedDemo({ db, liveVehicles: 20 });
  const [{ id: companyId }] = await queryRows<{ id: number }>(db, sql`select id from companies where name = 'Demo Fleet'`);
  const started = performance.now();
  // Drivers 21..2,000 beside the seeded 20, then ~6 duty changes a day for 10 days, all set-based.
  await db.execute(sql`insert into drivers (company_id, dataset, name, username, timezone)
    select ${companyId}, 'live', 'Bench Driver ' || g, 'bench.' || g,
      (array['America/Chicago','America/New_York','America/Denver','America/Los_Angeles'])[1 + g % 4]
    from generate_series(1, ${DRIVERS - 20}) g`);
  await db.execute(sql`insert into hos_logs (company_id, dataset, driver_id, status, start_time, origin)
    select d.company_id, 'live', d.id, s.status, date_trunc('day', now()) - g.day * interval '1 day' + (s.at_h + (d.id % 7) * 0.25) * interval
      '1 hour', 'simulator'
    from drivers d cross join generate_series(0, 9) g(day)
    cross join (values ('offDuty', 0.0), ('onDuty', 5.0), ('driving', 5.5), ('offDuty', 10.0), ('driving', 10.5), ('offDuty', 15.0)) s(status, at_h)
    where d.company_id = ${companyId} and d.dataset = 'live'
      and date_trunc('day', now()) - g.day * interval '1 day' + (s.at_h + (d.id % 7) * 0.25) * interval '1 hour' < now()`);
  await db.execute(sql`insert into waste_jobs (company_id, dataset, scheduled_date, service_type, status, pick_up_client_name, pick_up_address,
    assigned_to_asset_id, tonnage)
    select ${companyId}, 'live', now() - interval '60 days' + g * interval '3 minutes',
      (array['Collection','Delivery','Exchange','Removal','Recycling'])[1 + g % 5],
      (array['Scheduled','Assigned','InProgress','Completed','Completed','Cancelled'])[1 + g % 6],
      'Client ' || g, g || ' Main St', (select min(id) from vehicles where company_id = ${companyId} and dataset = 'live') + g % 20, (g % 40) * 0.4
    from generate_series(1, ${JOBS}) g`);
  await db.execute(sql`analyze`);
  const [{ logs }] = await queryRows<{ logs: number }>(db, sql`select count(*)::int as logs from hos_logs`);
  console.log(`seeded ${DRIVERS} drivers, ${logs} HOS log entries, ${JOBS} waste jobs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const tenant = { db, companyId, dataset: "live" as const };
  const board = await time("HOS board: listDriverClocks (2,000 drivers)", () => listDriverClocks({ ...tenant, at: new Date() }));
  console.log(`  ${board.length} drivers, ${board.filter((row) => row.clocks.driveRemainingMs === 0).length} out of drive time`);
  const wastePage = (label: string, query: Parameters<typeof findWasteJobs>[0]) =>
    time(label, () => Promise.all([findWasteJobs(query), countWasteJobsByStatus(query)]));
  await wastePage("waste jobs: first page + counts", { ...tenant, offset: 0, limit: PAGE });
  await wastePage("waste jobs: status=InProgress, 2nd page + counts", { ...tenant, statuses: ["InProgress"], offset: PAGE, limit: PAGE });
  await wastePage("waste jobs: vehicle + service type + 7-day range + counts", {
    ...tenant,
    assignedToAssetId: board[0].driver.staticAssignedVehicleId ?? undefined,
    serviceTypes: ["Collection"],
    scheduledFrom: new Date(Date.now() - 30 * 86_400_000),
    scheduledTo: new Date(Date.now() - 23 * 86_400_000),
    offset: 0,
    limit: PAGE,
  });
  await wastePage("waste jobs: deep page (offset 49,900) + counts", { ...tenant, offset: JOBS - 100, limit: PAGE });
  await handle.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
