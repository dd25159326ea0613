// `npm run test:faults`: the service under faults, on 127.0.0.1 and a fresh PostgreSQL database.
//   1. SIGKILL during ingestion (OsmAnd, /ingest/batch, camera webhooks), then during a camera burst:
//      restart, resend what was not acknowledged; every acknowledged point/event is stored, none twice.
//   2. PostgreSQL restarted under load: requests fail fast with 503 { message, requestId }, no 500,
//      the process survives and recovers by itself.
//   3. SIGTERM with a slow request in flight: it completes, then the process exits 0.
// Prints the figures and exits non-zero when a check fails. Not part of `npm test`.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { BASE, PORT, createApiKeyOverHttp, createDatabase, ensureBuild, legacyToken, query, startServer } from "./app-server.mjs";

const failures = [];
const check = (ok, what) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const INGEST_TOKEN = "demo-ingest-token";
const CAMERA_SECRET = "demo-camera-secret";

// ---------------------------------------------------------------------------------------------
// 1. SIGKILL during ingestion
// ---------------------------------------------------------------------------------------------
const runId = randomBytes(3).toString("hex");
const baseTime = Date.now() - 2 * 3_600_000;
let clock = 0;
const nextTime = () => baseTime + clock++ * 7; // unique times (ms), so every point is a distinct row

/** One request of a kind, and the (vehicle, time) points or event id it carries. */
let round = 0;
const makeRequest = (kind, fleet) => {
  if (kind === "osmand") {
    const vehicle = fleet[clock % fleet.length];
    const time = nextTime();
    return {
      kind,
      points: [`${vehicle.id}:${time}`],
      url: `${BASE}/ingest/osmand?id=${vehicle.device_id}&lat=41.8&lon=-87.6&timestamp=${time}&speed=10`,
      init: { method: "POST" },
    };
  }
  if (kind === "batch") {
    const points = Array.from({ length: 40 }, (_, i) => ({
      vehicleId: fleet[(clock + i) % fleet.length].id,
      time: nextTime(),
      latitude: 41.85,
      longitude: -87.65,
      speed: 5,
    }));
    return {
      kind,
      points: points.map((p) => `${p.vehicleId}:${p.time}`),
      url: `${BASE}/ingest/batch`,
      init: { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${INGEST_TOKEN}` }, body: JSON.stringify(points) },
    };
  }
  const eventId = `fault-${runId}-${round}-${clock++}`;
  const body = JSON.stringify({
    eventId,
    deviceId: "cam-fault",
    kind: "snapshot",
    mediaUrl: `https://media.example/${eventId}.jpg`,
    capturedAt: new Date(baseTime).toISOString(),
  });
  const signature = `sha256=${createHmac("sha256", CAMERA_SECRET).update(body).digest("hex")}`;
  return {
    kind,
    eventId,
    url: `${BASE}/api/v1/camera/snapshot`,
    init: { method: "POST", headers: { "content-type": "application/json", "x-camera-signature": signature }, body },
  };
};

const send = async (request) => {
  try {
    const response = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0; // connection refused or reset: not acknowledged
  }
};

/** The (vehicle, time) points since the run began and this round's camera events, as stored. */
const storedNow = async (databaseUrl) => {
  const rows = await query(
    databaseUrl,
    `select vehicle_id || ':' || (extract(epoch from time) * 1000)::bigint as key, count(*)::int as n from vehicle_positions where time >= $1 group by 1`,
    [new Date(baseTime)],
  );
  const events = await query(databaseUrl, `select event_id, count(*)::int as n from camera_events where event_id like $1 group by 1`, [
    `fault-${runId}-${round}-%`,
  ]);
  return {
    points: new Set(rows.map((row) => row.key)),
    twice: rows.filter((row) => row.n > 1).length,
    events,
    eventIds: new Set(events.map((row) => row.event_id)),
  };
};

const killRound = async ({ name, kinds, databaseUrl, fleet, workers = 8, killAfterMs = 1500 }) => {
  console.log(`\n[1] SIGKILL during ${name}`);
  round++;
  let server = await startServer({ databaseUrl });
  const acked = { points: new Set(), events: new Set() };
  const unacked = [];
  const ackedRequests = [];
  const sent = { points: new Set(), events: new Set() };
  let stop = false;
  let requests = 0;
  const worker = async (w) => {
    for (let i = 0; !stop; i++) {
      const request = makeRequest(kinds[(w + i) % kinds.length], fleet);
      request.points?.forEach((p) => sent.points.add(p));
      if (request.eventId) sent.events.add(request.eventId);
      requests++;
      const status = await send(request);
      if (status === 200 || status === 201) {
        ackedRequests.push(request);
        request.points?.forEach((p) => acked.points.add(p));
        if (request.eventId) acked.events.add(request.eventId);
      } else {
        unacked.push(request);
        if (status === 0) await sleep(20);
      }
    }
  };
  const running = Array.from({ length: workers }, (_, w) => worker(w));
  await sleep(killAfterMs);
  server.child.kill("SIGKILL");
  console.log(`  killed the server (SIGKILL) after ${killAfterMs} ms and ${requests} requests`);
  await sleep(300);
  stop = true;
  await Promise.all(running);
  await server.exited;

  server = await startServer({ databaseUrl });
  const ackedBeforeKill = { points: [...acked.points], events: [...acked.events] };
  const storedAfterRestart = await storedNow(databaseUrl);
  const missingPoints = ackedBeforeKill.points.filter((key) => !storedAfterRestart.points.has(key)).length;
  const missingEvents = ackedBeforeKill.events.filter((id) => !storedAfterRestart.eventIds.has(id)).length;
  console.log(
    `  before the kill: ${ackedBeforeKill.points.length} points and ${ackedBeforeKill.events.length} ` +
      `camera events acknowledged; after the restart ${missingPoints} points and ${missingEvents} events of ` +
      `those missing`,
  );
  check(missingPoints === 0 && missingEvents === 0, "everything acknowledged before the SIGKILL survived it");
  // Unacknowledged requests are resent (as a client does), and some acknowledged ones too (a client
  // that never saw the answer): resent points and event ids must not become second rows.
  const resend = [...unacked, ...ackedRequests.slice(-15)];
  console.log(`  restarted; resending ${unacked.length} unacknowledged and ${resend.length - unacked.length} acknowledged requests`);
  let resendFailures = 0;
  for (const request of resend) {
    const status = await send(request);
    if (status !== 200 && status !== 201) resendFailures++;
    else {
      request.points?.forEach((p) => acked.points.add(p));
      if (request.eventId) acked.events.add(request.eventId);
    }
  }
  check(resendFailures === 0, `every resent request acknowledged after the restart (${resend.length - resendFailures}/${resend.length})`);

  const { points: storedKeys, twice, events } = await storedNow(databaseUrl);
  const storedEvents = new Set(events.map((row) => row.event_id));
  if (kinds.some((kind) => kind !== "camera")) {
    const lost = [...acked.points].filter((key) => !storedKeys.has(key)).length;
    console.log(
      `  points: sent ${sent.points.size}, acknowledged ${acked.points.size}, stored ${storedKeys.size}, ` +
        `acknowledged but missing ${lost}, stored twice ${twice}`,
    );
    check(lost === 0, "every acknowledged point is stored");
    check(storedKeys.size === acked.points.size, "stored points = acknowledged points (after resending the rest)");
    check(twice === 0, "no point stored twice");
  }
  const lostEvents = [...acked.events].filter((id) => !storedEvents.has(id)).length;
  const eventsTwice = events.filter((row) => row.n > 1).length;
  console.log(
    `  camera events: sent ${sent.events.size}, acknowledged ${acked.events.size}, stored ` +
      `${storedEvents.size}, acknowledged but missing ${lostEvents}, stored twice ${eventsTwice}`,
  );
  check(lostEvents === 0 && storedEvents.size === acked.events.size, "every acknowledged camera event is stored, and only those");
  check(eventsTwice === 0, "no camera event stored twice (redelivered ids included)");
  return server;
};

// ---------------------------------------------------------------------------------------------
// 2. PostgreSQL restart under load
// ---------------------------------------------------------------------------------------------
/** Restarts the local cluster without blocking this process's event loop (the load keeps running). */
const restartPostgres = () =>
  new Promise((resolve, reject) => {
    const version = readdirSync("/etc/postgresql")[0];
    const started = Date.now();
    const child = spawn("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(Date.now() - started) : reject(new Error(`pg_ctlcluster failed: ${stderr}`))));
  });

const postgresRestart = async ({ server }) => {
  console.log("\n[2] PostgreSQL restarted under load");
  const key = await createApiKeyOverHttp();
  const token = await legacyToken();
  const targets = [
    { url: `${BASE}/fleet/vehicles?limit=5`, headers: { authorization: `Bearer ${key}` } },
    { url: `${BASE}/api/v1/assets`, headers: { authorization: `Bearer ${token}` } },
    { url: `${BASE}/api/v2/assets`, headers: { authorization: `Bearer ${token}` } },
  ];
  const results = [];
  let stop = false;
  let restartDone = 0;
  const worker = async (w) => {
    for (let i = 0; !stop; i++) {
      const target = targets[(w + i) % targets.length];
      const started = Date.now();
      let status = 0;
      let body = null;
      try {
        const response = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(20_000) });
        status = response.status;
        body = await response.json().catch(() => null);
      } catch {
        status = 0;
      }
      results.push({ at: started, status, ms: Date.now() - started, body });
      if (status !== 200) await sleep(25);
    }
  };
  const running = Array.from({ length: 6 }, (_, w) => worker(w));
  await sleep(2000);
  const restartAt = Date.now();
  const restartMs = await restartPostgres();
  restartDone = Date.now();
  console.log(`  pg_ctlcluster restart took ${restartMs} ms`);
  await sleep(6000);
  stop = true;
  await Promise.all(running);

  const count = (predicate) => results.filter(predicate).length;
  const unavailable = results.filter((r) => r.status === 503);
  const firstOkAfter = results.filter((r) => r.at >= restartDone && r.status === 200).sort((a, b) => a.at - b.at)[0];
  const lastFailure = results.filter((r) => r.status !== 200 && r.status !== 429).sort((a, b) => b.at - a.at)[0];
  console.log(
    `  requests ${results.length}: 200 ${count((r) => r.status === 200)}, 503 ${unavailable.length}, 429 ` +
      `${count((r) => r.status === 429)}, 500 ${count((r) => r.status === 500)}, other ` +
      `${count((r) => ![200, 503, 429, 500].includes(r.status))} (0 = no answer: ` +
      `${count((r) => r.status === 0)})`,
  );
  console.log(
    `  503 latency: max ${Math.max(0, ...unavailable.map((r) => r.ms))} ms; first 200 ` +
      `${firstOkAfter ? firstOkAfter.at - restartDone : "never"} ms after the restart finished; last ` +
      `failure ${lastFailure ? lastFailure.at - restartAt : "none"} ms after it began`,
  );
  check(count((r) => r.status >= 500 && r.status !== 503) === 0, "no 5xx other than 503 while the database restarts");
  check(count((r) => r.status === 0) === 0, "every request answered (no crash, no hang)");
  check(
    unavailable.every((r) => r.body && typeof r.body.message === "string" && /^req_/.test(r.body.requestId)),
    "every 503 has the { message, requestId } body",
  );
  check(
    unavailable.every((r) => r.ms < 6000),
    "503s fail fast (under the 5 s connect timeout)",
  );
  check(Boolean(firstOkAfter), "the app recovers by itself (200s after the restart)");
  check(server.child.exitCode === null, "the server process is still running");
};

// ---------------------------------------------------------------------------------------------
// 3. Graceful shutdown
// ---------------------------------------------------------------------------------------------
const gracefulShutdown = async ({ server, databaseUrl, fleet }) => {
  console.log("\n[3] SIGTERM with a slow request in flight");
  const points = Array.from({ length: 50 }, (_, i) => ({ vehicleId: fleet[i % fleet.length].id, time: nextTime(), latitude: 41.9, longitude: -87.7 }));
  const body = JSON.stringify(points);
  const half = Math.floor(body.length / 2);
  const answer = new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: "/ingest/batch",
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${INGEST_TOKEN}`, "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode, text, at: Date.now() }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, half));
    // The rest arrives 1.5 s after SIGTERM: the request is in flight when the signal comes.
    setTimeout(() => server.child.kill("SIGTERM"), 300);
    setTimeout(() => request.end(body.slice(half)), 1800);
  });
  await sleep(700);
  const refused = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) })
    .then(() => false)
    .catch(() => true);
  const result = await answer.catch((error) => ({ status: 0, text: String(error) }));
  const exitCode = await server.exited;
  const stored = await query(databaseUrl, `select count(*)::int as n from vehicle_positions where time = any($1::timestamptz[])`, [
    points.map((p) => new Date(p.time).toISOString()),
  ]);
  console.log(
    `  in-flight request answered ${result.status} ${result.text.slice(0, 80)}; stored ` +
      `${stored[0].n}/${points.length}; new connections refused after SIGTERM: ${refused}; exit code ` +
      `${exitCode}`,
  );
  check(result.status === 200 && stored[0].n === points.length, "the in-flight request completed and its points are stored");
  check(refused, "no new connections accepted after SIGTERM");
  check(exitCode === 0, "the server exited 0 after finishing");
};

const main = async () => {
  ensureBuild();
  const database = await createDatabase("fleet_faults");
  console.log(`fault tests on ${BASE}, database ${new URL(database.url).pathname.slice(1)}`);
  let server;
  try {
    const boot = await startServer({ databaseUrl: database.url });
    const fleet = await query(
      database.url,
      `select v.id, d.identifier as device_id from vehicles v join companies c on c.id = v.company_id join devices d on d.company_id = v.company_id
        and d.vehicle_id = v.id where c.name = 'Demo Fleet' and v.dataset = 'live' order by v.id`,
    );
    boot.child.kill("SIGTERM");
    await boot.exited;
    server = await killRound({
      name: "ingestion (OsmAnd, /ingest/batch, camera webhooks)",
      kinds: ["osmand", "batch", "camera", "osmand"],
      databaseUrl: database.url,
      fleet,
    });
    server.child.kill("SIGKILL");
    await server.exited;
    server = await killRound({ name: "a camera webhook burst", kinds: ["camera"], databaseUrl: database.url, fleet, killAfterMs: 1000 });
    await postgresRestart({ server });
    await gracefulShutdown({ server, databaseUrl: database.url, fleet });
    server = null;
  } finally {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await database.drop();
  }
  console.log(failures.length === 0 ? "\nall fault checks passed" : `\n${failures.length} fault check(s) FAILED:\n - ${failures.join("\n - ")}`);
  process.exit(failures.length === 0 ? 0 : 1);
};

await main();
