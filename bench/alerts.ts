// `npx tsx bench/alerts.ts`: issue 19's figures (places, alerts, webhooks) on PostgreSQL (DATABASE_URL
// or postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped).
// BENCH_VEHICLES (default 10,000) vehicles report a position every second (a fifth of them a stat too)
// for BENCH_SECONDS (default 30) in each phase, after BENCH_WARMUP_SECONDS (default 70) untimed with the
// rules. PROCESSORS_IN=worker: the live phase's processors run in a process of their own
// (bench/processor-worker.ts), as with PROCESS_ROLE=web and worker. BENCH_TRAFFIC: `fleet` (default),
// a busy fleet's incident rate (docs/decisions.md "The alerts benchmark's traffic"), or `stress`, the
// harshest we drive (about a hundred times more incidents). Prints figures, asserts nothing.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { openDatabase, useDatabase } from "@/db/client";
import { queryRows } from "@/db/rows";
import { migrateDatabase } from "@/db/migrate";
import { companies, tags, tagVehicles, vehicles, webhookDeliveries, webhooks } from "@/db/schema";
import type { AlertTrigger } from "@/lib/processing/alerts/alert-trigger";
import { alertsProcessor } from "@/lib/processing/alerts/alerts-processor";
import { createAlertRule, updateAlertRule } from "@/lib/processing/alerts/manage-alert-rules";
import { operatorActor } from "@/lib/platform/audit";
import { startWorkerProcess } from "./worker-process";
import { POSTGRES_WINDOW, TELEMETRY_PROCESSORS } from "@/lib/runtime/boot/start-fleet-reactions";
import { reloadConfig } from "@/lib/platform/config";
import { startFleetEventBus, stopFleetEventBus, subscribeFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { runTelemetryProcessors, startTelemetryProcessors, type TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { createPlace } from "@/lib/fleet/places/manage-places";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { ensurePartitions, ingestTelemetry, type TelemetryBatch } from "@/lib/telemetry/store";
import { deliverDueWebhooks, startWebhookDelivery } from "@/lib/outbound/webhooks/deliver-webhooks";
import { enqueueWebhookEvents } from "@/lib/outbound/webhooks/enqueue-webhook-event";
import { createScratchDatabase } from "@/tests/helpers/scratch-database";
import { percentile } from "./measure";

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 70);
const PLACES = 1_000;
const EVENTS = 10_000;
const TRAFFIC = process.env.BENCH_TRAFFIC === "stress" ? "stress" : "fleet";
/**
 * The two traffics over the same 1,000 places and 100 rules. `stress`: places over central Chicago
 * (a quarter of it inside one), speeds swinging ±30 % every two minutes, every reading rule and a third
 * of the place rules on every vehicle, so a boundary opens or closes ten incidents and a swing crosses
 * fifteen speeding thresholds 1 km/h apart. `fleet`: places over the metropolitan area, speeds
 * swinging over twenty minutes, one place rule of each kind on every place, and the reading rules on
 * vehicle groups (tags), as fleets set them up: each vehicle has one speeding, one idling and at most one
 * fuel rule.
 */
const PROFILE = {
  stress: { area: { south: 41.7, north: 41.98, west: -87.85, east: -87.55 }, swingSeconds: 120, everyPlaceRules: 5, groups: 0 },
  fleet: { area: { south: 41.45, north: 42.25, west: -88.3, east: -87.4 }, swingSeconds: 1_200, everyPlaceRules: 1, groups: 15 },
}[TRAFFIC];
// The receiver is on loopback, which deliveries refuse unless allowed (lib/outbound/webhooks/webhook-target.ts).
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
reloadConfig();

const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `alerts_bench_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const rate = (value: number) => `${Math.round(value).toLocaleString("en-US")}/s`;
const ms = (value: number) => `${Math.round(value)} ms`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
/** Deterministic numbers in [0, 1), so every run drives the same fleet through the same places. */
const random = (() => {
  let seed = 19;
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
})();
// The area the vehicles drive in and the places lie in.
const AREA = PROFILE.area;
const inArea = () => ({ latitude: AREA.south + random() * (AREA.north - AREA.south), longitude: AREA.west + random() * (AREA.east - AREA.west) });

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    received++;
    response.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const scratch = await createScratchDatabase({ adminUrl: baseUrl, name, shardCount: Number(process.env.BENCH_CITUS_SHARDS ?? 32) });
const handle = openDatabase({ url });
try {
  const { db } = handle;
  console.log(
    `\nIssue 19 figures: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), PostgreSQL, ` +
      `${VEHICLES} vehicles × 1 Hz (a fifth with a stat), ${SECONDS} s a phase, ${TRAFFIC} traffic\n`,
  );
  await migrateDatabase(handle);
  useDatabase(handle);
  console.log(`seeding ${VEHICLES} vehicles ...`);
  await seedDemo({ db, liveVehicles: VEHICLES });
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const ids = (
    await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(sql`company_id = ${demo.id} and dataset = 'live'`)
      .orderBy(vehicles.id)
  ).map((v) => v.id);
  const tenant = { companyId: demo.id, dataset: "live" as const };
  const { companyId, dataset } = tenant;
  const actor = operatorActor("alerts bench");
  await db.insert(webhooks).values({ ...tenant, name: "Bench receiver", url: receiverUrl, secretKey: "c2VjcmV0", version: "2024-02-27" });
  const started = Date.now();
  await ensurePartitions({ db, from: new Date(started - 86_400_000), to: new Date(started + 86_400_000) });

  // Each vehicle drives east from its own start at 8 to 20 m/s on average, its speed swinging ±30 %
  // over the profile's period from its own phase (so threshold crossings spread over time, as traffic does); a
  // tenth stand still with the engine on (idling), fuel runs from 5 to 95 %. Second s of the run is
  // stamped `origin + s` seconds.
  const SWING_S = PROFILE.swingSeconds;
  const fleet = ids.map((vehicleId, i) => ({
    vehicleId,
    ...inArea(),
    speed: i % 10 === 0 ? 0 : 8 + random() * 12,
    phase: random() * 2 * Math.PI,
    fuel: 5 + random() * 90,
  }));
  const speedAt = (vehicle: (typeof fleet)[number], s: number) => vehicle.speed * (1 + 0.3 * Math.sin((2 * Math.PI * s) / SWING_S + vehicle.phase));
  const distanceAt = (vehicle: (typeof fleet)[number], s: number) =>
    vehicle.speed * (s + ((0.3 * SWING_S) / (2 * Math.PI)) * (Math.cos(vehicle.phase) - Math.cos((2 * Math.PI * s) / SWING_S + vehicle.phase)));
  const origin = started - (10 * SECONDS + WARMUP_SECONDS + 15) * 1000 - 60_000;
  // The next second of the fleet not sent yet: each phase takes the seconds after the last one's.
  let nextSecond = 1;
  const takeSeconds = (count: number) => ((nextSecond += count), nextSecond - count);
  const batchAt = (s: number): TelemetryBatch => {
    const time = new Date(origin + s * 1000);
    return {
      positions: fleet.map((vehicle) => ({
        companyId,
        dataset,
        vehicleId: vehicle.vehicleId,
        time,
        latitude: vehicle.latitude,
        longitude: vehicle.longitude + distanceAt(vehicle, s) / 83_000,
        speed: speedAt(vehicle, s),
        heading: 90,
      })),
      stats: fleet
        .filter((_, i) => i % 5 === s % 5)
        .map((vehicle) => ({
          companyId,
          dataset,
          vehicleId: vehicle.vehicleId,
          time,
          speed: speedAt(vehicle, s),
          fuelPercent: vehicle.fuel,
          engineState: "On" as const,
        })),
    };
  };
  const rowsOf = (batch: TelemetryBatch) => batch.positions!.length + (batch.stats?.length ?? 0);
  // The processors starting at the tenant's head (alerts, automatic driving) start here, untimed (it
  // also warms the JIT): the automatic-driving one then sees the fleet start driving before the live
  // phase, as a running service has seen it, not nine thousand drive starts in the live phase's first window.
  await ingestTelemetry({ db, batch: batchAt(0) });
  await runTelemetryProcessors({ db, processors: TELEMETRY_PROCESSORS, window: POSTGRES_WINDOW });

  // 1. Ingestion without rules, then with 1,000 places and 100 rules: (a) with the alerts processor
  //    after each batch, in this process (everything it costs comes out of ingestion), and (b) batches
  //    back to back while the processor runs in a worker process, as a web + worker deployment has it,
  //    until it has evaluated the last batch, and (c) the same with the processor's own loop in this
  //    process, as PROCESS_ROLE=all runs it. Each timed phase starts right after a checkpoint, as in
  //    bench/ingest-detectors.ts: the first change to a page after one writes the whole page to the
  //    WAL, and a checkpoint set off by one phase's writes would otherwise land in either by chance.
  const ingestAndEvaluate = async (from: number) => {
    const batches = Array.from({ length: SECONDS }, (_, s) => batchAt(from + s));
    await db.execute(sql`checkpoint`);
    let ingestMs = 0;
    let evaluateMs = 0;
    for (const batch of batches) {
      const t0 = performance.now();
      await ingestTelemetry({ db, batch });
      const t1 = performance.now();
      await runTelemetryProcessors({ db, processors: [alertsProcessor] });
      ingestMs += t1 - t0;
      evaluateMs += performance.now() - t1;
    }
    const rows = batches.reduce((sum, batch) => sum + rowsOf(batch), 0);
    return { rate: (rows * 1000) / (ingestMs + evaluateMs), ingestMs: ingestMs / SECONDS, evaluateMs: evaluateMs / SECONDS };
  };
  const alertsCheckpoint = async () =>
    (
      await queryRows<{ seq: number }>(
        db,
        sql`select seq::int as seq from telemetry_checkpoints where company_id = ${companyId} and dataset = ${dataset} and processor = ${alertsProcessor.name}`,
      )
    )[0].seq;
  const headSeq = async () =>
    (await queryRows<{ seq: number }>(db, sql`select seq::int as seq from feed_counters where company_id = ${companyId} and dataset = ${dataset}`))[0].seq;
  /**
   * Batches back to back while the alerts processor runs beside them: in a worker process, or in this one (woken after
   * each batch, as the notification would).
   */
  const ingestAlongside = async (from: number, where: "worker" | "process") => {
    const batches = Array.from({ length: SECONDS }, (_, s) => batchAt(from + s));
    const wake = new Set<() => void>();
    const stop =
      where === "worker"
        ? await startWorkerProcess({ databaseUrl: url, processors: [alertsProcessor.name] })
        : startTelemetryProcessors({
            db,
            processors: [alertsProcessor],
            subscribe: (onTelemetry) => (wake.add(onTelemetry), () => wake.delete(onTelemetry)),
            onError: (error) => console.error("[bench] alerts processor:", error),
            window: POSTGRES_WINDOW,
          });
    await db.execute(sql`checkpoint`);
    const t0 = performance.now();
    for (const batch of batches) {
      await ingestTelemetry({ db, batch });
      for (const notify of wake) notify();
    }
    const ingestedMs = performance.now() - t0;
    const head = await headSeq();
    while ((await alertsCheckpoint()) < head) await new Promise((resolve) => setTimeout(resolve, 20));
    const evaluatedMs = performance.now() - t0;
    stop();
    // A pass of this process's loop may still hold the checkpoint it just moved: let it end.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = batches.reduce((sum, batch) => sum + rowsOf(batch), 0);
    return { rate: (rows * 1000) / ingestedMs, evaluatedRate: (rows * 1000) / evaluatedMs, afterMs: evaluatedMs - ingestedMs };
  };
  // Both phases after the same untimed start: the tables analysed, ten seconds of telemetry first.
  const warmUp = async (seconds: number, processors: TelemetryProcessor[]) => {
    const from = takeSeconds(seconds);
    for (let s = 0; s < seconds; s++) {
      await ingestTelemetry({ db, batch: batchAt(from + s) });
      await runTelemetryProcessors({ db, processors });
    }
    await db.execute(sql`vacuum analyze`);
  };
  await warmUp(10, [alertsProcessor]);
  console.log(`phase 1: ${SECONDS} s of telemetry without rules ...`);
  const bare = await ingestAndEvaluate(takeSeconds(SECONDS));
  const bareLoad = load();
  console.log(`phases 1b and 1c: ${SECONDS} s of telemetry without rules each, the processor in a worker, then in this process ...`);
  const bareAlongside = await ingestAlongside(takeSeconds(SECONDS), "worker");
  const bareBeside = await ingestAlongside(takeSeconds(SECONDS), "process");

  console.log(`creating ${PLACES} places and 100 rules ...`);
  const placeIds: number[] = [];
  for (let p = 0; p < PLACES; p++) {
    const centre = inArea();
    const radiusMeters = 100 + random() * 300;
    const vertices = Array.from({ length: 6 }, (_, k) => ({
      latitude: centre.latitude + (radiusMeters / 111_320) * Math.sin((k * Math.PI) / 3),
      longitude: centre.longitude + (radiusMeters / 83_000) * Math.cos((k * Math.PI) / 3),
    }));
    const geofence = p % 2 === 0 ? { circle: { ...centre, radiusMeters } } : { polygon: { vertices } };
    placeIds.push((await createPlace({ db, ...tenant, actor, input: { name: `Place ${p}`, formattedAddress: `Site ${p}, Chicago`, geofence } })).id);
  }
  const somePlaces = () => Array.from({ length: 10 }, () => placeIds[Math.floor(random() * PLACES)]);
  // Vehicle groups (fleet traffic): vehicle i carries tag i mod groups.
  const groupTags = await Promise.all(
    Array.from(
      { length: PROFILE.groups },
      async (_, g) =>
        (
          await db
            .insert(tags)
            .values({ ...tenant, name: `Group ${g}` })
            .returning({ id: tags.id })
        )[0].id,
    ),
  );
  if (groupTags.length > 0) await db.insert(tagVehicles).values(ids.map((vehicleId, i) => ({ companyId, tagId: groupTags[i % groupTags.length], vehicleId })));
  const groupOf = (r: number) => (groupTags.length > 0 ? [groupTags[r % groupTags.length]] : []);
  // 60 place rules (some on every place, the rest on ten places each), 40 on readings.
  const placeRules = (r: number) => (r < PROFILE.everyPlaceRules ? [] : somePlaces());
  const rules: { trigger: AlertTrigger; tagIds: number[] }[] = [
    ...Array.from({ length: 25 }, (_, r) => ({ trigger: { type: "placeEntry", placeIds: placeRules(r) } as const, tagIds: [] })),
    ...Array.from({ length: 20 }, (_, r) => ({ trigger: { type: "placeExit", placeIds: placeRules(r) } as const, tagIds: [] })),
    ...Array.from({ length: 15 }, (_, r) => ({ trigger: { type: "placeDwell", placeIds: placeRules(r), minutes: 5 } as const, tagIds: [] })),
    ...Array.from({ length: 15 }, (_, r) => ({ trigger: { type: "speeding", speedKph: 50 + r, seconds: 10 } as const, tagIds: groupOf(r) })),
    ...Array.from({ length: 15 }, (_, r) => ({ trigger: { type: "idling", minutes: 1 + r } as const, tagIds: groupOf(r) })),
    ...Array.from({ length: 10 }, (_, r) => ({ trigger: { type: "fuelLow", percent: 10 + r, minutes: 1 } as const, tagIds: groupOf(r) })),
  ];
  const triggers = rules.map((rule) => rule.trigger);
  const ruleIds: number[] = [];
  for (const [r, { trigger, tagIds }] of rules.entries())
    ruleIds.push((await createAlertRule({ db, ...tenant, actor, fields: { name: `Rule ${r}`, isEnabled: true, vehicleIds: [], tagIds, trigger } })).id);
  // The rules start together, so their durations end together (every vehicle over a speeding rule's
  // threshold opens its incident 10 s after the rules were made, every fuel rule's after a minute): a
  // fleet running for a while does not do that, so those first seconds are not measured.
  console.log(`warm-up: ${WARMUP_SECONDS} s of telemetry with the rules (untimed) ...`);
  await warmUp(WARMUP_SECONDS, [alertsProcessor]);
  console.log(`phase 1: ${SECONDS} s of telemetry with ${PLACES} places and ${triggers.length} rules ...`);
  // Openings and closings so far: the phase's difference is its incident rate.
  const incidentChanges = async () =>
    (await queryRows<{ count: number }>(db, sql`select (count(*) + count(ended_at))::int as count from alert_incidents where company_id = ${companyId}`))[0]
      .count;
  const changesBefore = await incidentChanges();
  const withRules = await ingestAndEvaluate(takeSeconds(SECONDS));
  const rulesLoad = load();
  const changesPerSecond = ((await incidentChanges()) - changesBefore) / SECONDS;
  console.log(`phases 1b and 1c: ${SECONDS} s of telemetry with the rules each, the processor in a worker, then in this process ...`);
  const rulesAlongside = await ingestAlongside(takeSeconds(SECONDS), "worker");
  const rulesBeside = await ingestAlongside(takeSeconds(SECONDS), "process");
  const rulesAlongsideLoad = load();
  // 2. As in production: the fleet event bus wakes the telemetry processors; positions arrive every
  //    second in real time; a poller sees each new incident in the inbox and its webhook event.
  // The trip and driving processors start at the tenant's first row: bring them to the head first, as
  // a running service has them (their backlog would otherwise share the two cores with the live phase).
  console.log("bringing the other processors to the head (untimed) ...");
  await runTelemetryProcessors({ db, processors: TELEMETRY_PROCESSORS, window: POSTGRES_WINDOW });
  const inWorker = process.env.PROCESSORS_IN === "worker";
  console.log(`phase 2: ${SECONDS} s live at 1 Hz with the production processors ${inWorker ? "in a worker process" : "in this process"} ...`);
  await startFleetEventBus({ database: handle });
  // Counted, so the run still going when they are stopped can be waited for (its writes would land in phase 3).
  let processing = 0;
  const processors = TELEMETRY_PROCESSORS.map((processor): TelemetryProcessor => ({
    ...processor,
    process: async (options) => {
      processing++;
      try {
        await processor.process(options);
      } finally {
        processing--;
      }
    },
  }));
  const stopProcessors = inWorker
    ? await startWorkerProcess({ databaseUrl: url })
    : startTelemetryProcessors({
        db,
        processors,
        subscribe: (onTelemetry) => subscribeFleetEvents((event) => event.kind === "telemetry" && onTelemetry()),
        onError: (error) => console.error("[bench] processors:", error),
        window: POSTGRES_WINDOW,
      });
  const acked = new Map<number, number>(); // point time (ms) → when its batch was acknowledged
  const inbox: number[] = [];
  const queued: number[] = [];
  const [{ last: lastIncident }] = await queryRows<{ last: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as last from alert_incidents where company_id = ${companyId}`,
  );
  const [{ last: lastDelivery }] = await queryRows<{ last: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as last from webhook_deliveries where company_id = ${companyId}`,
  );
  let afterIncident = lastIncident;
  let afterDelivery = lastDelivery;
  let polling = true;
  const latencyOf = (startedAt: string, seen: number) => seen - (acked.get(new Date(startedAt).getTime()) ?? NaN);
  const poll = async () => {
    while (polling) {
      const incidents = await queryRows<{ id: number; started_at: string }>(
        db,
        sql`select id, started_at from alert_incidents where company_id = ${companyId} and dataset = ${dataset} and id > ${afterIncident} order by id`,
      );
      const deliveries = await queryRows<{ id: number; started_at: string }>(
        db,
        sql`select id, payload->'data'->>'happenedAtTime' as started_at from webhook_deliveries where company_id = ${companyId} and id >
          ${afterDelivery} and event_type = 'AlertIncident' and payload->'data'->>'isResolved' = 'false' order by id`,
      );
      const seen = performance.now();
      for (const row of incidents) inbox.push(latencyOf(row.started_at, seen));
      for (const row of deliveries) queued.push(latencyOf(row.started_at, seen));
      afterIncident = incidents.at(-1)?.id ?? afterIncident;
      afterDelivery = deliveries.at(-1)?.id ?? afterDelivery;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const poller = poll();
  // The first LIVE_WARMUP_SECONDS are sent but not measured: a running service's processors are not
  // starting up (in a worker process, its first window reads every vehicle's state and indexes the places).
  const LIVE_WARMUP_SECONDS = 5;
  const live = takeSeconds(LIVE_WARMUP_SECONDS + SECONDS);
  const liveStart = Date.now();
  const ackTimes: number[] = [];
  for (let s = 0; s < LIVE_WARMUP_SECONDS + SECONDS; s++) {
    const wait = liveStart + s * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const batch = batchAt(live + s);
    const t0 = performance.now();
    await ingestTelemetry({ db, batch });
    if (s < LIVE_WARMUP_SECONDS) continue;
    acked.set(batch.positions![0].time.getTime(), performance.now());
    ackTimes.push(performance.now() - t0);
  }
  // Let the processors finish what was sent (at most 10 s more), then stop them.
  // Change sequence numbers (rows) the slowest processor has still to process.
  const lagByProcessor = () =>
    queryRows<{ processor: string; behind: number }>(
      db,
      sql`select c.processor, (f.seq - c.seq)::int as behind from telemetry_checkpoints c join feed_counters f using (company_id, dataset) order by 2 desc`,
    );
  const finalCount = async () => (await lagByProcessor())[0]?.behind ?? 0;
  for (let waited = 0; waited < 10_000 && (await finalCount()) > 0; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
  await new Promise((resolve) => setTimeout(resolve, 200));
  polling = false;
  await poller;
  const lags = await lagByProcessor();
  const behind = lags[0]?.behind ?? 0;
  stopProcessors();
  await stopFleetEventBus();
  const stoppedAt = performance.now();
  for (let quietMs = 0; quietMs < 2_000; quietMs = processing === 0 ? quietMs + 100 : 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const drainedMs = performance.now() - stoppedAt - 2_000;
  const sorted = (values: number[]) => values.filter(Number.isFinite).sort((a, b) => a - b);
  const liveLoad = load();
  const inboxSorted = sorted(inbox);
  const queuedSorted = sorted(queued);
  const stillToProcess =
    behind > 0 ? `${lags.map((lag) => `${lag.processor} ${lag.behind}`).join(", ")}${inWorker ? "" : ` (done ${(drainedMs / 1000).toFixed(0)} s later)`}` : 0;
  console.log(
    `2. live: ingest ack p50 ${ms(percentile(sorted(ackTimes), 50))};` +
      ` ack → inbox p50 ${ms(percentile(inboxSorted, 50))} p95 ${ms(percentile(inboxSorted, 95))}` +
      ` max ${ms(inboxSorted.at(-1) ?? NaN)} (${inbox.length} incidents);` +
      ` ack → webhook queue p50 ${ms(percentile(queuedSorted, 50))} p95 ${ms(percentile(queuedSorted, 95))} (${queued.length});` +
      ` rows the processors had still to process 10 s after the last batch: ` +
      `${stillToProcess} (target p95 ≤ 2 s); load ${liveLoad}`,
  );

  // 1 again, without rules (switched off): a batch's ingestion drifts by a fifth over a run (the tables
  // grow, the machine does other work), so "without rules" is measured before and after and the mean compared.
  for (const ruleId of ruleIds) await updateAlertRule({ db, ...tenant, actor, ruleId, fields: { isEnabled: false } });
  console.log(`phases 1, 1b and 1c again: ${SECONDS} s of telemetry without rules each ...`);
  const bareAfter = await ingestAndEvaluate(takeSeconds(SECONDS));
  const bareAfterAlongside = await ingestAlongside(takeSeconds(SECONDS), "worker");
  const bareAfterBeside = await ingestAlongside(takeSeconds(SECONDS), "process");
  const mean = (a: number, b: number) => (a + b) / 2;
  const bareRate = mean(bare.rate, bareAfter.rate);
  console.log(
    `1. ingest + alerts processor, no rules: ${rate(bare.rate)} rows before, ${rate(bareAfter.rate)} ` +
      `after (a second's batch: ingest ${ms(bare.ingestMs)} / ${ms(bareAfter.ingestMs)}, processor ` +
      `${ms(bare.evaluateMs)} / ${ms(bareAfter.evaluateMs)}); load ${bareLoad}`,
  );
  console.log(
    `   with ${PLACES} places and ${triggers.length} rules: ${rate(withRules.rate)} rows (ingest ` +
      `${ms(withRules.ingestMs)}, processor ${ms(withRules.evaluateMs)}) → ` +
      `${((withRules.rate / bareRate) * 100).toFixed(0)} % of the mean (target ≥ 80 %); ` +
      `${Math.round(changesPerSecond).toLocaleString("en-US")} incident openings and closings a second of ` +
      `the fleet; load ${rulesLoad}`,
  );
  const alongside = (figures: typeof bareAlongside) =>
    `${rate(figures.rate)} rows, until evaluated ${rate(figures.evaluatedRate)} (${(figures.afterMs / 1000).toFixed(1)} s after the last batch)`;
  console.log(
    `1b. the processor in a worker process, batches back to back: no rules ${alongside(bareAlongside)} before, ${alongside(bareAfterAlongside)} after`,
  );
  console.log(
    `   with the rules: ${alongside(rulesAlongside)} → until evaluated ` +
      `${((rulesAlongside.evaluatedRate / mean(bareAlongside.evaluatedRate, bareAfterAlongside.evaluatedRate)) * 100).toFixed(0)} % of the mean ` +
      `(target ≥ 80 %); load ${rulesAlongsideLoad}`,
  );
  console.log(
    `1c. the processor's own loop in this process (PROCESS_ROLE=all), batches back to back: no rules ` +
      `${alongside(bareBeside)} before, ${alongside(bareAfterBeside)} after`,
  );
  console.log(
    `   with the rules: ${alongside(rulesBeside)} → until evaluated ` +
      `${((rulesBeside.evaluatedRate / mean(bareBeside.evaluatedRate, bareAfterBeside.evaluatedRate)) * 100).toFixed(0)} % of the mean (target ≥ 80 ` +
      `%)`,
  );

  // 3. Webhook delivery: EVENTS events over 1,000 vehicles (10 each, in order per vehicle) to a local receiver.
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.companyId, companyId));
  const enqueue = () =>
    enqueueWebhookEvents({
      db,
      ...tenant,
      events: Array.from({ length: EVENTS }, (_, e) => ({ eventType: "AlertIncident" as const, orderingKey: `vehicle:${e % 1_000}`, data: { sequence: e } })),
    });
  // Statistics as autovacuum would have them: on a table just grown from empty the planner checks each
  // candidate's predecessors by scanning the company's whole queue (claims took minutes).
  const enqueueAnalyzed = async () => {
    await enqueue();
    await db.execute(sql`analyze webhook_deliveries`);
  };
  const pending = async () =>
    (
      await queryRows<{ count: number }>(db, sql`select count(*)::int as count from webhook_deliveries where company_id = ${companyId} and status = 'pending'`)
    )[0].count;
  const drain = async (run: () => Promise<unknown>) => {
    received = 0;
    const t0 = performance.now();
    await run();
    return (received * 1000) / (performance.now() - t0);
  };
  await enqueueAnalyzed();
  const productionRate = await drain(async () => {
    const stop = startWebhookDelivery({ db, onError: (error) => console.error("[bench] delivery:", error) });
    for (let waited = 0; waited < 120_000 && (await pending()) > 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    const failing = await queryRows<{ last_error: string; count: number }>(
      db,
      sql`select last_error, count(*)::int as count from webhook_deliveries where company_id = ${companyId} and status = 'pending' group by 1`,
    );
    if (failing.length > 0) console.log("  still pending after 2 min:", failing);
  });
  await enqueueAnalyzed();
  const backToBack = await drain(async () => {
    const until = performance.now() + 120_000;
    const pass = async () => {
      while ((await deliverDueWebhooks({ db })).attempted > 0 && performance.now() < until);
    };
    await Promise.all([pass(), pass(), pass(), pass()]);
  });
  const deliveryLoad = load();
  console.log(
    `3. webhook delivery of ${EVENTS} events (1,000 vehicles): startWebhookDelivery ` +
      `${rate(productionRate)}, passes back to back (4 at once) ${rate(backToBack)} (target ≥ 500/s); load ` +
      `${deliveryLoad}`,
  );
} finally {
  useDatabase(undefined);
  await handle.close();
  await scratch.drop();
  receiver.close();
}
