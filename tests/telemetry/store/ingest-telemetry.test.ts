import { setImmediate } from "node:timers/promises";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedCounters, vehiclePositions, vehicles, vehicleStatSamples, vehicleState } from "@/db/schema";
import { getDb } from "@/db/client";
import { queryRows } from "@/db/rows";
import { ensurePartitions, ingestTelemetry, type PositionReport } from "@/lib/telemetry/store";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

const setup = async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 6 });
  const fleet = await db.select().from(vehicles).orderBy(asc(vehicles.id));
  const demo = fleet.filter((v) => v.companyId === demoCompanyId && v.dataset === "live");
  const other = fleet.filter((v) => v.companyId === otherCompanyId);
  return { demoCompanyId, otherCompanyId, demo, other };
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("ingestTelemetry", () => {
  it("writes positions, stats, the latest vehicle state and the tenant's sequence in order", async () => {
    const { demoCompanyId, demo } = await setup();
    const db = getDb();
    const [a, b] = demo;
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    const result = await ingestTelemetry({
      db,
      batch: {
        positions: [
          { ...tenant, vehicleId: a.id, time: minutesAgo(2), latitude: 41.9, longitude: -87.7, speed: 10, heading: 90 },
          { ...tenant, vehicleId: a.id, time: minutesAgo(1), latitude: 41.901, longitude: -87.7, speed: 11, heading: 0 },
          { ...tenant, vehicleId: b.id, time: minutesAgo(1), latitude: 41.8, longitude: -87.6 },
        ],
        stats: [{ ...tenant, vehicleId: a.id, time: minutesAgo(1), engineRpm: 1500, fuelPercent: 70, odometerMeters: 1000, engineState: "On" }],
      },
    });
    expect(result).toEqual({ accepted: { positions: 3, stats: 1 }, duplicates: { positions: 0, stats: 0 }, safetyEvents: 0 });
    const rows = await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, a.id)).orderBy(asc(vehiclePositions.time));
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    // Distance computed from the previous point: 0.001° of latitude is about 111 m.
    expect(rows[1].distance).toBeGreaterThan(105);
    expect(rows[1].distance).toBeLessThan(117);
    const [state] = await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, a.id));
    expect(state).toMatchObject({ latitude: 41.901, speed: 11, engineRpm: 1500, fuelPercent: 70, engineState: "On" });
    expect(state.statsSeq).toBe(4);
    const [counter] = await db
      .select()
      .from(feedCounters)
      .where(and(eq(feedCounters.companyId, demoCompanyId), eq(feedCounters.dataset, "live")));
    expect(counter.seq).toBe(4);

    // An older point arriving late is stored but does not move the vehicle's latest state back.
    await ingestTelemetry({ db, batch: { positions: [{ ...tenant, vehicleId: a.id, time: minutesAgo(30), latitude: 41.5, longitude: -87.5 }] } });
    const [after] = await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, a.id));
    expect(after.latitude).toBe(41.901);
  });

  it("stores every field exactly as sent, with fields left out stored as NULL or their default", async () => {
    const { demoCompanyId, demo } = await setup();
    const db = getDb();
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    // The batch is checked against this `now`, not the clock: against the clock, the fixed time below
    // would fall out of the 400-day retention one day (2027-02-06) and the test would start failing.
    const now = new Date("2026-01-02T04:00:00Z");
    const full = {
      ...tenant,
      vehicleId: demo[0].id,
      time: new Date("2026-01-02T03:04:05.678Z"),
      latitude: -33.868_812_3,
      longitude: 151.209_295_7,
      speed: 27.5,
      heading: 359.75,
      altitude: -12.25,
      hdop: 0.9,
      satellites: 11,
      accuracy: 3.5,
      distance: 1234.5,
      battery: 87.5,
    };
    const bare = { ...tenant, vehicleId: demo[1].id, time: new Date(now.getTime() - 1_000), latitude: 41.9, longitude: -87.7 };
    await ingestTelemetry({
      db,
      now,
      batch: {
        positions: [full, bare],
        stats: [
          {
            ...tenant,
            vehicleId: demo[0].id,
            time: full.time,
            engineRpm: 812.5,
            fuelPercent: 0,
            odometerMeters: 9_876_543_210.5,
            engineSeconds: 1e9,
            speed: 0.25,
            engineState: "Idle",
          },
          { ...tenant, vehicleId: demo[1].id, time: bare.time, fuelPercent: 33.25 },
        ],
      },
    });
    const positionAt = async ({ vehicleId, time }: { vehicleId: number; time: Date }) =>
      (
        await db
          .select()
          .from(vehiclePositions)
          .where(and(eq(vehiclePositions.vehicleId, vehicleId), eq(vehiclePositions.time, time)))
      )[0];
    const statsAt = async ({ vehicleId, time }: { vehicleId: number; time: Date }) =>
      (
        await db
          .select()
          .from(vehicleStatSamples)
          .where(and(eq(vehicleStatSamples.vehicleId, vehicleId), eq(vehicleStatSamples.time, time)))
      )[0];
    const { companyId: _c, dataset: _d, ...sent } = full;
    expect(await positionAt(full)).toMatchObject(sent);
    expect(await positionAt(bare)).toMatchObject({
      latitude: 41.9,
      longitude: -87.7,
      speed: 0,
      heading: 0,
      altitude: null,
      hdop: null,
      satellites: null,
      accuracy: null,
      battery: null,
    });
    expect(await statsAt(full)).toMatchObject({
      engineRpm: 812.5,
      fuelPercent: 0,
      odometerMeters: 9_876_543_210.5,
      engineSeconds: 1e9,
      speed: 0.25,
      engineState: "Idle",
    });
    expect(await statsAt(bare)).toMatchObject({
      fuelPercent: 33.25,
      engineRpm: null,
      odometerMeters: null,
      engineSeconds: null,
      speed: null,
      engineState: null,
    });
  });

  it("is idempotent: a resent batch is counted as duplicates and stored once", async () => {
    const db = getDb();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.dataset, "test")).limit(1);
    const batch = {
      positions: [{ companyId: vehicle.companyId, dataset: "test" as const, vehicleId: vehicle.id, time: minutesAgo(5), latitude: 41.88, longitude: -87.63 }],
      stats: [{ companyId: vehicle.companyId, dataset: "test" as const, vehicleId: vehicle.id, time: minutesAgo(5), fuelPercent: 50 }],
    };
    expect((await ingestTelemetry({ db, batch })).accepted).toEqual({ positions: 1, stats: 1 });
    expect(await ingestTelemetry({ db, batch })).toEqual({ accepted: { positions: 0, stats: 0 }, duplicates: { positions: 1, stats: 1 }, safetyEvents: 0 });
    expect(await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicle.id))).toHaveLength(1);
    expect(await db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicle.id))).toHaveLength(1);
  });

  it.each([
    ["latitude out of range", { latitude: 91 }, /latitude must be between -90 and 90/],
    ["a non-finite longitude", { longitude: Number.NaN }, /longitude must be a finite number/],
    ["a time 2 days ahead", { time: new Date(Date.now() + 2 * 86_400_000) }, /future/],
    ["a time past the retention", { time: new Date(Date.now() - 401 * 86_400_000) }, /retention/],
    ["a negative speed", { speed: -1 }, /speed must be between/],
  ])("rejects %s with 400 and writes nothing of the batch", async (_name, patch, message) => {
    const db = getDb();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.name, "DEMO-006"));
    const good: PositionReport = {
      companyId: vehicle.companyId,
      dataset: "live",
      vehicleId: vehicle.id,
      time: minutesAgo(3),
      latitude: 41.9,
      longitude: -87.7,
    };
    const attempt = ingestTelemetry({ db, batch: { positions: [good, { ...good, time: minutesAgo(2), ...patch }] } });
    await expect(attempt).rejects.toMatchObject({ code: "bad_request", message: expect.stringMatching(message) });
    expect(await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicle.id))).toHaveLength(0);
  });

  it("stores a batch's repeated point once, numbers points in time order, and measures distance from the stored fix", async () => {
    const db = getDb();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.name, "DEMO-005"));
    const tenant = { companyId: vehicle.companyId, dataset: "live" as const, vehicleId: vehicle.id };
    await ingestTelemetry({ db, batch: { positions: [{ ...tenant, time: minutesAgo(10), latitude: 41.9, longitude: -87.7 }] } });
    // Out of order, one point twice, and no stats state yet (the first stats sample creates it).
    const repeated = { ...tenant, time: minutesAgo(8), latitude: 41.902, longitude: -87.7 };
    const result = await ingestTelemetry({
      db,
      batch: {
        positions: [repeated, { ...tenant, time: minutesAgo(9), latitude: 41.901, longitude: -87.7 }, { ...repeated }],
        stats: [{ ...tenant, time: repeated.time, fuelPercent: 55 }],
      },
    });
    expect(result).toEqual({ accepted: { positions: 2, stats: 1 }, duplicates: { positions: 1, stats: 0 }, safetyEvents: 0 });
    const rows = await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicle.id)).orderBy(asc(vehiclePositions.time));
    expect(rows.map((row) => row.latitude)).toEqual([41.9, 41.901, 41.902]);
    expect(rows[2].seq).toBeGreaterThan(rows[1].seq);
    // 0.001° of latitude is about 111 m: the first point of the batch from the stored fix, the next from the one before it.
    for (const row of rows.slice(1)) expect(row.distance).toBeCloseTo(111.2, 0);
    const [state] = await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicle.id));
    expect(state).toMatchObject({ latitude: 41.902, locationSeq: rows[2].seq, fuelPercent: 55 });

    // A late point (older than the stored state) is kept, once, and does not move the state.
    const late = { positions: [{ ...tenant, time: minutesAgo(20), latitude: 41.8, longitude: -87.7 }] };
    expect((await ingestTelemetry({ db, batch: late })).accepted.positions).toBe(1);
    expect((await ingestTelemetry({ db, batch: late })).duplicates.positions).toBe(1);
    const [after] = await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicle.id));
    expect(after.latitude).toBe(41.902);
  });

  it("keeps the first sent of a point repeated within a batch, numbers equal times by vehicle id, and refuses a batch whose repeat is bad", async () => {
    const db = getDb();
    const fleet = await db.select().from(vehicles).where(eq(vehicles.dataset, "live")).orderBy(asc(vehicles.id));
    const [low, high] = fleet.filter((vehicle) => vehicle.name === "DEMO-002" || vehicle.name === "DEMO-003");
    const at = minutesAgo(6);
    const point = (vehicle: typeof low, patch: Partial<PositionReport>): PositionReport => ({
      companyId: vehicle.companyId,
      dataset: "live",
      vehicleId: vehicle.id,
      time: at,
      latitude: 41.9,
      longitude: -87.7,
      ...patch,
    });
    // Out of order (the higher vehicle id first), and the lower vehicle's point twice with other values: the first copy is stored.
    const result = await ingestTelemetry({
      db,
      batch: {
        positions: [point(high, { speed: 5 }), point(low, { speed: 7, altitude: null }), point(low, { speed: 9, altitude: 120 })],
        stats: [
          { companyId: low.companyId, dataset: "live", vehicleId: low.id, time: at, engineRpm: 900 },
          { companyId: low.companyId, dataset: "live", vehicleId: low.id, time: at, engineRpm: 1200, fuelPercent: 40 },
        ],
      },
    });
    expect(result).toEqual({ accepted: { positions: 2, stats: 1 }, duplicates: { positions: 1, stats: 1 }, safetyEvents: 0 });
    const rows = await db
      .select()
      .from(vehiclePositions)
      .where(and(eq(vehiclePositions.companyId, low.companyId), eq(vehiclePositions.time, at)))
      .orderBy(asc(vehiclePositions.seq));
    expect(rows.map(({ vehicleId, speed, altitude }) => ({ vehicleId, speed, altitude }))).toEqual([
      { vehicleId: low.id, speed: 7, altitude: null },
      { vehicleId: high.id, speed: 5, altitude: null },
    ]);
    const [sample] = await db
      .select()
      .from(vehicleStatSamples)
      .where(and(eq(vehicleStatSamples.vehicleId, low.id), eq(vehicleStatSamples.time, at)));
    expect(sample).toMatchObject({ engineRpm: 900, fuelPercent: null });

    // A repeat is checked as any point: a bad value in the second copy refuses the batch, naming it.
    const later = minutesAgo(5);
    const bad = ingestTelemetry({ db, batch: { positions: [point(low, { time: later }), point(low, { time: later, speed: -1 })] } });
    await expect(bad).rejects.toMatchObject({ code: "bad_request", message: expect.stringMatching(/^positions\[1\]\.speed must be between/) });
    expect(
      await db
        .select()
        .from(vehiclePositions)
        .where(and(eq(vehiclePositions.vehicleId, low.id), eq(vehiclePositions.time, later))),
    ).toHaveLength(0);
  });

  it("stores the digital inputs (Samsara's auxInput1..3) as on, off or not reported; a sample without them keeps the vehicle's", async () => {
    const db = getDb();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.name, "DEMO-004"));
    const tenant = { companyId: vehicle.companyId, dataset: "live" as const, vehicleId: vehicle.id };
    const [on, later] = [minutesAgo(4), minutesAgo(3)];
    await ingestTelemetry({ db, batch: { stats: [{ ...tenant, time: on, auxInput1: true, auxInput2: false }] } });
    await ingestTelemetry({ db, batch: { stats: [{ ...tenant, time: later, fuelPercent: 60, auxInput2: true }] } });
    const samples = await db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicle.id)).orderBy(asc(vehicleStatSamples.time));
    expect(samples.map(({ auxInput1, auxInput2, auxInput3 }) => [auxInput1, auxInput2, auxInput3])).toEqual([
      [true, false, null],
      [null, true, null],
    ]);
    const [state] = await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicle.id));
    expect(state).toMatchObject({ auxInput1: true, auxInput2: true, auxInput3: null, fuelPercent: 60 });

    // Off is a reading (it replaces on); a value that is not a boolean is refused, naming the field.
    await ingestTelemetry({ db, batch: { stats: [{ ...tenant, time: minutesAgo(2), auxInput1: false }] } });
    expect((await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicle.id)))[0].auxInput1).toBe(false);
    const bad = ingestTelemetry({ db, batch: { stats: [{ ...tenant, time: minutesAgo(1), auxInput3: 1 as unknown as boolean }] } });
    await expect(bad).rejects.toMatchObject({ code: "bad_request", message: "stats[0].auxInput3 must be true or false." });
  });

  it("rejects a vehicle named under another tenant", async () => {
    const { demoCompanyId, other } = await setup();
    const attempt = ingestTelemetry({
      db: getDb(),
      batch: { positions: [{ companyId: demoCompanyId, dataset: "live", vehicleId: other[0].id, time: minutesAgo(1), latitude: 41.9, longitude: -87.7 }] },
    });
    await expect(attempt).rejects.toMatchObject({ code: "bad_request", message: `positions[0]: unknown vehicle ${other[0].id}.` });
    const stats = ingestTelemetry({
      db: getDb(),
      batch: { stats: [{ companyId: demoCompanyId, dataset: "live", vehicleId: other[0].id, time: minutesAgo(1), fuelPercent: 50 }] },
    });
    await expect(stats).rejects.toMatchObject({ code: "bad_request", message: `stats[0]: unknown vehicle ${other[0].id}.` });
  });

  it("hands out strictly increasing seq in commit order to concurrent writers: a poller misses nothing", async () => {
    const db = getDb();
    const fleet = await db.select().from(vehicles).where(eq(vehicles.dataset, "live"));
    const otherFleet = fleet.filter((v) => v.name.startsWith("OTHR"));
    const companyId = otherFleet[0].companyId;
    const seen: number[] = [];
    let done = false;
    const poll = async () => {
      const last = seen.length ? seen[seen.length - 1] : 0;
      const rows = await queryRows<{ seq: string }>(
        db,
        sql`select seq from vehicle_positions where company_id = ${companyId} and dataset = 'live' and seq > ${last} order by seq`,
      );
      seen.push(...rows.map((row) => Number(row.seq)));
    };
    const poller = (async () => {
      // A turn of the event loop between polls, as a real poller waits: PGlite answers in microtasks, so a
      // loop without one would never let the writers' transactions start (db/client.ts waits a turn before each).
      while (!done) {
        await poll();
        await setImmediate();
      }
    })();
    const base = Date.now() - 3_600_000;
    await Promise.all(
      Array.from({ length: 12 }, (_, call) =>
        ingestTelemetry({
          db,
          batch: {
            positions: otherFleet.map((vehicle, i) => ({
              companyId,
              dataset: "live" as const,
              vehicleId: vehicle.id,
              time: new Date(base + call * 1000 + i),
              latitude: 41.9,
              longitude: -87.7,
            })),
          },
        }),
      ),
    );
    done = true;
    await poller;
    await poll();
    const stored = await queryRows<{ seq: string }>(db, sql`select seq from vehicle_positions where company_id = ${companyId} order by seq`);
    expect(seen).toEqual(stored.map((row) => Number(row.seq)));
    expect(seen).toHaveLength(12 * otherFleet.length);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it("creates a new day's partitions once when concurrent writers all need them (the first batches after midnight)", async () => {
    const db = getDb();
    // A day no other test writes: every call below finds it unknown and asks the database for it.
    const day = new Date(Date.UTC(2031, 0, 1 + Math.floor(Math.random() * 300)));
    await Promise.all(Array.from({ length: 8 }, () => ensurePartitions({ db, from: day, to: day })));
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select relname as name from pg_class where relname like ${`%_${day.toISOString().slice(0, 10).replaceAll("-", "")}`} order by 1`,
    );
    expect(tables.map((table) => table.name.replace(/_\d{8}$/, ""))).toEqual([
      "vehicle_location_rollups",
      "vehicle_positions",
      "vehicle_stat_rollups",
      "vehicle_stat_samples",
    ]);
  });
});
