import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { vehicles } from "@/db/schema";
import { startFleetEventBus, stopFleetEventBus, subscribeFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import type { FleetEvent } from "@/lib/telemetry/fleet-events/fleet-event";
import { runTelemetryProcessors, startTelemetryProcessors, type TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

const setup = async () => {
  const { db } = database();
  const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 3 });
  const [a, b] = await db.select().from(vehicles).where(eq(vehicles.companyId, demoCompanyId)).orderBy(asc(vehicles.id));
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  let minute = 0;
  const base = Date.now() - 6 * 3_600_000;
  /** Ingests one position for `vehicle` at a time after every one before (or at `at`); returns that time. */
  const report = async (vehicle: { id: number }, at?: Date) => {
    const time = at ?? new Date(base + ++minute * 60_000);
    await ingestTelemetry({ db, batch: { positions: [{ ...tenant, vehicleId: vehicle.id, time, latitude: 41.9, longitude: -87.7 }] } });
    return time;
  };
  return { db, tenant, a, b, report };
};

/** A processor that remembers every row it was handed (vehicle, time, seq) in the order handed. */
const recorder = (name: string, startAt: TelemetryProcessor["startAt"] = "beginning") => {
  const seen: { vehicleId: number; time: number; seq: number }[] = [];
  const processor: TelemetryProcessor = {
    name,
    startAt,
    process: async ({ vehicles: handed }) => {
      for (const vehicle of handed) for (const row of vehicle.positions) seen.push({ vehicleId: vehicle.vehicleId, time: row.time.getTime(), seq: row.seq });
    },
  };
  return { processor, seen };
};

describe("telemetry processors", () => {
  it("hand every committed row to each processor once, even when instances run them at the same time", async () => {
    const { db, a, b, report } = await setup();
    const first = recorder("exactly-once-a");
    const second = recorder("exactly-once-b");
    for (let k = 0; k < 6; k++) await report(k % 2 ? a : b);
    const processors = [first.processor, second.processor];
    await Promise.all([runTelemetryProcessors({ db, processors, window: 2 }), runTelemetryProcessors({ db, processors, window: 2 })]);
    await runTelemetryProcessors({ db, processors });
    for (const { seen } of [first, second]) {
      const seqs = seen.map((row) => row.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seen.filter((row) => row.vehicleId === a.id)).toHaveLength(3);
      expect(seen.filter((row) => row.vehicleId === b.id)).toHaveLength(3);
    }
  });

  it("hand a late point after the later ones already handed, and a resent point not at all", async () => {
    const { db, a, report } = await setup();
    const late = recorder("late-points");
    await runTelemetryProcessors({ db, processors: [late.processor] });
    const before = late.seen.length;
    const early = new Date(Date.now() - 7 * 3_600_000);
    const later = await report(a);
    await runTelemetryProcessors({ db, processors: [late.processor] });
    await report(a, early);
    await report(a, later); // the device resends: stored once, handed once
    await runTelemetryProcessors({ db, processors: [late.processor] });
    expect(late.seen.slice(before).map((row) => row.time)).toEqual([later.getTime(), early.getTime()]);
  });

  it("hand an ingest batch's positions and stat samples in one window, though the window is smaller", async () => {
    const { db, tenant, a, b, report } = await setup();
    const windows: { positions: number[]; stats: number[] }[] = [];
    const processor: TelemetryProcessor = {
      name: "whole-batches",
      startAt: "now",
      process: async ({ vehicles: handed }) => {
        windows.push({
          positions: handed.flatMap((vehicle) => vehicle.positions.map((row) => row.time.getTime())),
          stats: handed.flatMap((vehicle) => vehicle.stats.map((row) => row.time.getTime())),
        });
      },
    };
    await report(a);
    await runTelemetryProcessors({ db, processors: [processor] });
    const start = Date.now() - 3 * 3_600_000;
    const batch = (offset: number) => {
      const times = [0, 1, 2, 3].map((k) => new Date(start + (offset + k) * 60_000));
      return {
        positions: times.flatMap((time) => [a, b].map((vehicle) => ({ ...tenant, vehicleId: vehicle.id, time, latitude: 41.9, longitude: -87.7 }))),
        stats: times.flatMap((time) => [a, b].map((vehicle) => ({ ...tenant, vehicleId: vehicle.id, time, engineState: "On" as const }))),
      };
    };
    await ingestTelemetry({ db, batch: batch(0) });
    await ingestTelemetry({ db, batch: batch(10) });
    // Each batch is 16 rows, 8 positions then 8 stat samples; a window of 4 rows would cut each into four.
    await runTelemetryProcessors({ db, processors: [processor], window: 4 });
    expect(windows).toHaveLength(2);
    for (const [k, window] of windows.entries()) {
      expect(window.positions).toHaveLength(8);
      expect(new Set(window.stats)).toEqual(new Set(window.positions));
      expect(Math.min(...window.positions)).toBe(start + k * 10 * 60_000);
    }
  });

  it("start a processor that asks for it at what is committed from then on", async () => {
    const { db, a, report } = await setup();
    await report(a);
    const fresh = recorder("from-now", "now");
    await runTelemetryProcessors({ db, processors: [fresh.processor] });
    expect(fresh.seen).toEqual([]);
    const time = await report(a);
    await runTelemetryProcessors({ db, processors: [fresh.processor] });
    expect(fresh.seen.map((row) => row.time)).toEqual([time.getTime()]);
  });

  it("hand the same rows again after a processor failed on them, without holding up the others", async () => {
    const { db, a, report } = await setup();
    const steady = recorder("steady");
    await runTelemetryProcessors({ db, processors: [steady.processor] });
    let failures = 1;
    const handed: number[][] = [];
    const flaky: TelemetryProcessor = {
      name: "flaky",
      startAt: "now",
      process: async ({ vehicles: rows }) => {
        handed.push(rows.flatMap((vehicle) => vehicle.positions.map((row) => row.seq)));
        if (failures-- > 0) throw new Error("receiver down");
      },
    };
    await report(a);
    await runTelemetryProcessors({ db, processors: [flaky] });
    const time = await report(a);
    await expect(runTelemetryProcessors({ db, processors: [flaky, steady.processor] })).rejects.toThrow("receiver down");
    await runTelemetryProcessors({ db, processors: [steady.processor] });
    await runTelemetryProcessors({ db, processors: [flaky] });
    expect(handed).toHaveLength(2);
    expect(handed[1]).toEqual(handed[0]);
    expect(steady.seen.at(-1)?.time).toBe(time.getTime());
  });
  // After the other processors that start now: this one leaves recent rows, which they would be handed.
  it("start a processor that asks for it now at a tenant's last minutes: a first drive committed before its first run is handed, history is not", async () => {
    const { db, a, b, report } = await setup();
    await report(a);
    // The company's first drive: every point committed before the processor first meets the company.
    const drive = [await report(a, new Date(Date.now() - 2 * 60_000)), await report(b, new Date(Date.now() - 60_000)), await report(a, new Date())];
    const fresh = recorder("first-drive", "now");
    await runTelemetryProcessors({ db, processors: [fresh.processor] });
    expect(fresh.seen.map((row) => row.time).sort()).toEqual(drive.map((time) => time.getTime()).sort());
  });
});

describe("windows", () => {
  it("a window holding only sequence numbers of a resent batch (nothing stored) does not stop the processor", async () => {
    const { db, a, report } = await setup();
    const seen = recorder("past-a-gap");
    const times = [await report(a), await report(a)];
    for (const time of times) await report(a, time);
    const after = await report(a);
    await runTelemetryProcessors({ db, processors: [seen.processor], window: 1 });
    expect(seen.seen.map((row) => row.time)).toEqual(expect.arrayContaining([...times.map((time) => time.getTime()), after.getTime()]));
  });
});

describe("processor loops", () => {
  it("a processor with a backlog does not hold up the others: each follows the head in a loop of its own", async () => {
    const { db, a, report } = await setup();
    const slow = recorder("backlogged", "beginning");
    const quick = recorder("follows-the-head", "now");
    let slowly = true;
    const backlogged: TelemetryProcessor = {
      ...slow.processor,
      process: async (options) => {
        if (slowly) await new Promise((resolve) => setTimeout(resolve, 150));
        await slow.processor.process(options);
      },
    };
    for (let k = 0; k < 8; k++) await report(a);
    await runTelemetryProcessors({ db, processors: [quick.processor] });
    const stop = startTelemetryProcessors({
      db,
      processors: [backlogged, quick.processor],
      window: 1,
      subscribe: () => () => {},
      onError: (error) => {
        throw error;
      },
      sweepEveryMs: 50,
    });
    try {
      const time = await report(a);
      await vi.waitFor(() => expect(quick.seen.map((row) => row.time)).toContain(time.getTime()));
      // At least eight windows of 150 ms were still ahead of the backlogged one when the other had its row.
      expect(slow.seen.map((row) => row.time)).not.toContain(time.getTime());
      slowly = false;
      await vi.waitFor(() => expect(slow.seen.map((row) => row.time)).toContain(time.getTime()), { timeout: 10_000 });
    } finally {
      stop();
    }
  });
});

describe("a processor with minIntervalMs", () => {
  it("sits out the runs until that long after its last run began, then takes all that came meanwhile in one window", async () => {
    const { db, a, b, report } = await setup();
    const paced = recorder("paced");
    const windows: number[] = [];
    const pacedProcessor: TelemetryProcessor = {
      ...paced.processor,
      minIntervalMs: 1_500,
      process: async (options) => {
        windows.push(options.vehicles.reduce((rows, vehicle) => rows + vehicle.positions.length, 0));
        await paced.processor.process(options);
      },
    };
    const eager = recorder("unpaced");
    const listeners = new Set<() => void>();
    const stop = startTelemetryProcessors({
      db,
      processors: [pacedProcessor, eager.processor],
      subscribe: (onTelemetry) => (listeners.add(onTelemetry), () => listeners.delete(onTelemetry)),
      onError: (error) => {
        throw error;
      },
      sweepEveryMs: 3_600_000,
    });
    try {
      // The first run takes what the file's other tests stored.
      await vi.waitFor(() => expect(windows).toHaveLength(1));
      const started = Date.now();
      const times: number[] = [];
      for (const vehicle of [a, b, a]) {
        times.push((await report(vehicle)).getTime());
        for (const notify of listeners) notify();
      }
      // The unpaced processor follows each report; the paced one waits out its interval.
      await vi.waitFor(() => expect(eager.seen.map((row) => row.time)).toEqual(expect.arrayContaining(times)));
      if (Date.now() - started < 1_000) expect(windows).toHaveLength(1);
      await vi.waitFor(() => expect(windows.slice(1)).toEqual([3]), { timeout: 3_000 });
      expect(paced.seen.slice(-3).map((row) => row.time)).toEqual(expect.arrayContaining(times));
    } finally {
      stop();
    }
  });
});

describe("the fleet event bus", () => {
  afterAll(() => stopFleetEventBus());

  it("announces committed telemetry to this process's subscribers, and the processors react without waiting for a sweep", async () => {
    const { db, tenant, a, report } = await setup();
    await startFleetEventBus({ database: database() });
    const heard: FleetEvent[] = [];
    const unsubscribe = subscribeFleetEvents((event) => heard.push(event));
    const live = recorder("reacts-to-events", "now");
    const stop = startTelemetryProcessors({
      db,
      processors: [live.processor],
      subscribe: (onTelemetry) => subscribeFleetEvents((event) => event.kind === "telemetry" && onTelemetry()),
      onError: (error) => {
        throw error;
      },
      sweepEveryMs: 3_600_000,
    });
    try {
      await vi.waitFor(async () => expect(await runTelemetryProcessors({ db, processors: [live.processor] })).toBe(0));
      const time = await report(a);
      await vi.waitFor(() => expect(live.seen.map((row) => row.time)).toContain(time.getTime()));
      expect(heard).toContainEqual({ kind: "telemetry", ...tenant });

      // A rolled-back write announces nothing; a resend (nothing new stored) neither.
      heard.length = 0;
      await expect(
        db.transaction(async (tx) => {
          await ingestTelemetry({ db: tx, batch: { positions: [{ ...tenant, vehicleId: a.id, time: new Date(), latitude: 41.9, longitude: -87.7 }] } });
          throw new Error("abandoned");
        }),
      ).rejects.toThrow("abandoned");
      await report(a, time);
      const marker = await report(a);
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(live.seen.at(-1)?.time).not.toBe(undefined);
      await vi.waitFor(() => expect(live.seen.at(-1)?.time).toBe(marker.getTime()));
    } finally {
      stop();
      unsubscribe();
    }
  });
});
