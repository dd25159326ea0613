import { describe, expect, it } from "vitest";
import type { Job } from "@/lib/platform/jobs";
import { startJobs } from "@/lib/platform/jobs";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Line = { level: "debug" | "error"; message?: string; fields: Record<string, unknown> };

/** What the runner logs, as the project's logger would receive it. */
const recordingLogger = () => {
  const lines: Line[] = [];
  const at = (level: Line["level"]) => (fields: unknown, message?: string) => void lines.push({ level, message, fields: fields as Record<string, unknown> });
  return { lines, logger: { debug: at("debug"), error: at("error") } };
};

describe("the job runner", () => {
  it("never runs a job alongside itself: a run longer than its period is followed by one at the next period's start", async () => {
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const slow: Job = {
      name: "slow",
      roles: ["worker"],
      everyMs: 20,
      run: async () => {
        runs += 1;
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await settle(70);
        running -= 1;
      },
    };
    const stop = startJobs({ db: database().db, jobs: [slow], role: "all", logger: recordingLogger().logger });
    await settle(300);
    await stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce).toBe(1);
  });

  it("logs a failed run with its duration and runs the job again the next period", async () => {
    const { lines, logger } = recordingLogger();
    const starts: number[] = [];
    const flaky: Job = {
      name: "flaky",
      roles: ["worker"],
      everyMs: 50,
      run: async () => {
        starts.push(Date.now());
        if (starts.length === 1) throw new Error("the database was away");
      },
    };
    const stop = startJobs({ db: database().db, jobs: [flaky], role: "all", logger });
    await expect.poll(() => starts.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await stop();
    const failures = lines.filter((line) => line.level === "error");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ message: "flaky failed", fields: { job: "flaky", durationMs: expect.any(Number) } });
    expect((failures[0].fields.err as Error).message).toBe("the database was away");
    // The retry is the next period's run (timers may fire a millisecond early), not an immediate one.
    expect(starts[1]).toBeGreaterThanOrEqual((Math.floor(starts[0] / 50) + 1) * 50 - 2);
    expect(lines.filter((line) => line.message === "flaky finished")[0].fields).toMatchObject({ job: "flaky", durationMs: expect.any(Number) });
  });

  it("stops every job with one call, which waits for a run under way; nothing runs after it", async () => {
    let runs = 0;
    let finished = 0;
    let loopStopped = false;
    const jobs: Job[] = [
      {
        name: "long",
        roles: ["web", "worker"],
        everyMs: 10,
        run: async () => {
          runs += 1;
          await settle(150);
          finished += 1;
        },
      },
      { name: "own loop", roles: ["worker"], start: () => () => void (loopStopped = true) },
    ];
    const stop = startJobs({ db: database().db, jobs, role: "all", logger: recordingLogger().logger });
    await settle(20);
    expect(runs).toBe(1);
    await stop();
    expect(finished).toBe(1);
    expect(loopStopped).toBe(true);
    await settle(100);
    expect(runs).toBe(1);
  });

  it("starts only the jobs of the process's role; a process of role all starts them all", async () => {
    const started: string[] = [];
    const job = (name: string, roles: Job["roles"]): Job => ({ name, roles, start: () => (started.push(name), () => undefined) });
    const jobs = [job("web only", ["web"]), job("worker only", ["worker"]), job("both", ["web", "worker"])];
    for (const role of ["web", "worker", "all"] as const) await startJobs({ db: database().db, jobs, role })();
    expect(started).toEqual(["web only", "both", "worker only", "both", "web only", "worker only", "both"]);
  });
});
