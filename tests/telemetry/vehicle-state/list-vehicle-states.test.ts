import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { queryRows } from "@/db/rows";
import { companies } from "@/db/schema";
import { listVehicleStates, listVehicleStateVersions } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

// Issue 41: right after a bulk write the statistics still describe the tables before it. The bench
// (like a new fleet after a CSV import, or a restored database) had its vehicles analyzed and then every
// vehicle's first report: vehicle_state, analyzed while it was empty, was believed to hold a few dozen
// of the tenant's states, and the planner read all 10,000, looked each vehicle up and sorted them
// (19 ms instead of 2 for a 512-vehicle page). The snapshot pages must keep their plan whatever the
// statistics say: no step reads more than the page's rows.
const database = useTestDatabase();
const FLEET = 3_000;

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Cond"?: string;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
  /** Citus's router: the statement sent whole to the one shard holding the tenant, and that shard's plan. */
  "Distributed Query"?: { Job: { "Task Count": number; Tasks: { "Remote Plan": [[{ Plan: PlanNode }]] }[] } };
};
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** A shard's table is the table's name and the shard's number. */
const isVehicleState = (node: PlanNode) => /^vehicle_state(_\d+)?$/.test(node["Relation Name"] ?? "");

/** On Citus, the one shard's plan (the query must route to one shard: one task); elsewhere the plan itself. */
const shardPlan = (plan: PlanNode) => {
  const job = plan["Distributed Query"]?.Job;
  if (!job) return plan;
  expect(job["Task Count"]).toBe(1);
  return job.Tasks[0]["Remote Plan"][0][0].Plan;
};

/** The plan PostgreSQL runs for the query `read` sends (EXPLAIN ANALYZE of that very statement). */
const planOf = async (read: (db: Database) => Promise<unknown>) => {
  const { db } = database();
  let plan: PlanNode | undefined;
  const explaining = new Proxy(db, {
    get: (target, property, receiver) =>
      property === "execute"
        ? async (query: SQL) => {
            const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(db, sql`explain (analyze, format json) ${query}`);
            const json = row["QUERY PLAN"];
            plan = (typeof json === "string" ? JSON.parse(json) : json)[0].Plan;
            return { rows: [] };
          }
        : Reflect.get(target, property, receiver),
  });
  await read(explaining);
  return plan!;
};

/** A fleet of FLEET vehicles inserted in one statement, as a CSV import or a restore writes them. */
const insertFleet = async (name: string) => {
  const { db } = database();
  const [company] = await db.insert(companies).values({ name, planTier: "Professional", modules: [] }).returning();
  await db.execute(
    sql`insert into vehicles (company_id, dataset, vin, name) select ${company.id}, 'live', 'VIN' || n, 'Truck ' || n from generate_series(1, ${FLEET}) n`,
  );
  return { companyId: company.id, dataset: "live" as const };
};

/** Every vehicle's first report, as one batch through ingestion. */
const reportAll = async (tenant: { companyId: number; dataset: "live" }) => {
  const { db } = database();
  const vehicleIds = (await queryRows<{ id: number }>(db, sql`select id from vehicles where company_id = ${tenant.companyId} order by id`)).map((row) =>
    Number(row.id),
  );
  const time = new Date(Date.now() - 60_000);
  await writeTelemetry({ db, ...tenant, positions: vehicleIds.map((vehicleId, i) => ({ vehicleId, time, latitude: 41.8 + i / 1e5, longitude: -87.6 })) });
};

const pagesOf = (tenant: () => { companyId: number; dataset: "live" }) =>
  [
    ["locations: state versions", (db: Database) => listVehicleStateVersions({ db, ...tenant(), limit: 513, withLocationOnly: true })],
    ["stats: state versions", (db: Database) => listVehicleStateVersions({ db, ...tenant(), limit: 513 })],
    ["full states, located", (db: Database) => listVehicleStates({ db, ...tenant(), limit: 513, withLocationOnly: true })],
    ["feed snapshot, a later page", (db: Database) => listVehicleStates({ db, ...tenant(), afterId: 100, limit: 513 })],
  ] as const;

/** The vehicles in id order, each state looked up by its key, stopped at the page: no step handles the whole fleet. */
const expectPagePlan = async (read: (db: Database) => Promise<unknown>) => {
  const plan = shardPlan(await planOf(read));
  expect(plan["Node Type"]).toBe("Limit");
  expect(plan["Actual Rows"]).toBe(513);
  // No sort or hash of every state or vehicle, no scan past the page.
  const tooBig = nodesOf(plan).filter((node) => (node["Actual Rows"] ?? 0) > 513);
  expect(tooBig.map((node) => `${node["Node Type"]} ${node["Relation Name"] ?? ""}: ${node["Actual Rows"]} rows`)).toEqual([]);
  const stateScans = nodesOf(plan).filter(isVehicleState);
  expect(stateScans.map((node) => [node["Node Type"], node["Index Cond"]])).toEqual([["Index Scan", expect.stringMatching(/vehicle_id = v\.id/)]]);
};

describe("snapshot page plans right after a bulk insert of vehicles and their reports, never analyzed", () => {
  // A database whose statistics still describe empty tables (a restore, or a bulk load before
  // autovacuum's first pass): no ANALYZE at all.
  let tenant: { companyId: number; dataset: "live" };
  beforeAll(async () => {
    tenant = await insertFleet("Restored Fleet");
    await reportAll(tenant);
  });

  it.each(pagesOf(() => tenant))("%s", async (_, read) => expectPagePlan(read));
});

describe("snapshot page plans right after every vehicle's first report, before any ANALYZE of them", () => {
  // A fleet created in bulk and analyzed (as the seed and the CSV import do), then every vehicle's
  // first report, with no ANALYZE after it: vehicle_state is believed to hold none of its states.
  let tenant: { companyId: number; dataset: "live" };
  beforeAll(async () => {
    tenant = await insertFleet("Imported Fleet");
    await database().db.execute(sql`analyze`);
    await reportAll(tenant);
  });

  it.each(pagesOf(() => tenant))("%s", async (_, read) => expectPagePlan(read));
});
