import { describe, expect, it } from "vitest";
import { claimPeriod, startJobs, type Job } from "@/lib/platform/jobs";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a cluster-wide job's period", () => {
  it("is claimed by exactly one caller; a later period can be claimed again, an earlier one never", async () => {
    const { db } = database();
    const hour = (h: number) => new Date(Date.UTC(2026, 10, 27, h));
    const claims = await Promise.all([1, 2, 3].map(() => claimPeriod({ db, name: "partitions", start: hour(10) })));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriod({ db, name: "partitions", start: hour(11) })).toBe(true);
    expect(await claimPeriod({ db, name: "partitions", start: hour(10) })).toBe(false);
    // Each job has its own periods.
    expect(await claimPeriod({ db, name: "retention", start: hour(10) })).toBe(true);
  });

  it("runs once per period across two runners on one database (two instances)", async () => {
    const { db } = database();
    const periodsRun: string[][] = [[], []];
    const runnerLogger = (seen: string[]) => ({
      debug: (fields: unknown, message?: string) => {
        if (message === "rollups-once started") seen.push((fields as { period: string }).period);
      },
      error: () => undefined,
    });
    let runs = 0;
    const job: Job = { name: "rollups-once", roles: ["web", "worker"], everyMs: 100, oncePerCluster: true, run: async () => void (runs += 1) };
    const stops = periodsRun.map((seen, i) => startJobs({ db, jobs: [job], role: i === 0 ? "web" : "worker", logger: runnerLogger(seen) }));
    await settle(650);
    await Promise.all(stops.map((stop) => stop()));
    const all = periodsRun.flat();
    expect(runs).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(new Set(all).size).toBe(all.length);
  });
});
