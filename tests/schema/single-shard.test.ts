import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/db/rows";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { FLEET_ROUTES } from "../interfaces/fleet-api/routes";
import { setupFleetFixture, type FleetFixture } from "../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../helpers/fleet-request";
import { TEST_DB_KIND, useTestDatabase } from "../helpers/test-database";

// On Citus, a tenant's work stays on the one worker holding its shards: every read and write of the
// public interface, and an ingest batch, is single-shard (router) statements only. Citus counts the
// statements it ran on one shard and on several (citus_stat_counters; the test database enables them).
describe.runIf(TEST_DB_KIND === "citus")("one tenant, one shard", () => {
  const database = useTestDatabase();
  let fixture: FleetFixture;
  beforeAll(async () => {
    fixture = await setupFleetFixture({ db: database().db, liveVehicles: 3 });
  });
  beforeEach(() => resetRateLimits(database().db));

  const executions = async () => {
    const [row] = await queryRows<{ single: string; multi: string }>(
      database().db,
      sql`select query_execution_single_shard as single, query_execution_multi_shard as multi from citus_stat_counters where name = current_database()`,
    );
    return { single: Number(row.single), multi: Number(row.multi) };
  };

  /** How many single- and multi-shard statements `work` ran. */
  const countExecutions = async (work: () => Promise<unknown>) => {
    const before = await executions();
    await work();
    const after = await executions();
    return { single: after.single - before.single, multi: after.multi - before.multi };
  };

  for (const route of FLEET_ROUTES) {
    it(`${route.name} runs on one shard`, async () => {
      const { path, ...call } = route.request(fixture.demo);
      const counted = await countExecutions(async () => {
        const response = await callFleet(route.handler, path, { key: fixture.demo.key, ...call });
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      });
      expect(counted.multi).toBe(0);
      // A route that reads no tenant's rows (the static /user-roles) runs no shard statement at all.
      if (route.owns !== "nothing") expect(counted.single).toBeGreaterThan(0);
    });
  }

  it("ingests a tenant's batch as one call on its shard for each kind of row", async () => {
    const { companyId, dataset, vehicleIds } = fixture.demo;
    const time = new Date(fixture.now.getTime() + 1000);
    const counted = await countExecutions(() =>
      ingestTelemetry({
        db: database().db,
        batch: {
          positions: vehicleIds.map((vehicleId) => ({ companyId, dataset, vehicleId, time, latitude: 41.9, longitude: -87.7 })),
          stats: vehicleIds.map((vehicleId) => ({ companyId, dataset, vehicleId, time, fuelPercent: 55 })),
        },
      }),
    );
    expect(counted).toEqual({ single: 2, multi: 0 });
  });
});
