// `npm run test:load`: a bounded load test against 127.0.0.1 (autocannon), mixing public, legacy and
// ingestion traffic for LOAD_SECONDS (60 s). Prints requests sent, status counts, 5xx (must be 0),
// 429s and whether each carried X-RateLimit-* and Retry-After, and the server's RSS over the run.
// Exits non-zero when a check fails. Not part of `npm test`.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { BASE, createApiKeyOverHttp, createDatabase, ensureBuild, legacyToken, query, startServer } from "./app-server.mjs";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const failures = [];
const check = (ok, what) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
};

/** Least-squares slope of y over x. */
const slope = (points) => {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};

const rateLimitChecks = { limited: 0, withHeaders: 0, okWithHeaders: 0, ok: 0 };
const onPublicResponse = (status, _body, _context, headers) => {
  const has = (name) => headers[name] !== undefined && headers[name] !== "";
  const limitHeaders = has("x-ratelimit-limit") && has("x-ratelimit-remaining") && has("x-ratelimit-reset");
  if (status === 429) {
    rateLimitChecks.limited++;
    if (limitHeaders && Number(headers["retry-after"]) >= 1) rateLimitChecks.withHeaders++;
  } else if (status === 200) {
    rateLimitChecks.ok++;
    if (limitHeaders) rateLimitChecks.okWithHeaders++;
  }
};

let clock = 0;
const run = (title, options) => autocannon({ url: BASE, duration: SECONDS, timeout: 20, ...options }).then((result) => ({ title, result }));

const main = async () => {
  ensureBuild();
  const database = await createDatabase("fleet_load");
  // The legacy traffic is load to carry, not a client to throttle: its per-company limit is lifted.
  const server = await startServer({ databaseUrl: database.url, env: { SIM_VEHICLES: "50", LEGACY_API_REQUESTS_PER_MINUTE: "1000000" } });
  try {
    const key = await createApiKeyOverHttp();
    // Other Fleet on the Free plan (5 requests/s): its traffic is meant to be throttled, to check the 429s.
    await query(database.url, `update companies set plan_tier = 'Free' where name = 'Other Fleet'`);
    const freeKey = await createApiKeyOverHttp({}, { email: "admin@other.test", password: "other-password-1" });
    const token = await legacyToken();
    const fleet = await query(
      database.url,
      `select v.id, d.identifier as device_id from vehicles v join companies c on c.id = v.company_id join devices d on d.company_id = v.company_id
        and d.vehicle_id = v.id where c.name = 'Demo Fleet' and v.dataset = 'live' order by v.id`,
    );
    const base = Date.now() - 3_600_000;
    const nextTime = () => base + clock++ * 3;
    console.log(`load: ${SECONDS} s against ${BASE} (public 8 + 2 on a Free-plan company, legacy 4, ingestion 4 connections); server pid ${server.child.pid}`);

    const rss = [];
    const started = Date.now();
    const sampler = setInterval(() => rss.push({ x: (Date.now() - started) / 1000, y: rssMb(server.child.pid) }), 2000);
    rss.push({ x: 0, y: rssMb(server.child.pid) });

    const publicHeaders = { authorization: `Bearer ${key}` };
    const legacyHeaders = { authorization: `Bearer ${token}` };
    const runs = await Promise.all([
      run("public", {
        connections: 8,
        requests: ["/fleet/vehicles?limit=50", "/fleet/vehicles/locations", "/fleet/vehicles/stats?types=engineRpm,fuelPercents,gps", "/fleet/drivers"].map(
          (path) => ({ path, headers: publicHeaders, onResponse: onPublicResponse }),
        ),
      }),
      run("public-free", {
        connections: 2,
        requests: [{ path: "/fleet/vehicles?limit=10", headers: { authorization: `Bearer ${freeKey}` }, onResponse: onPublicResponse }],
      }),
      run("legacy", {
        connections: 4,
        requests: ["/api/v1/assets?additionalInfo=true", "/api/v2/assets", "/api/v1/assets/driversTimers"].map((path) => ({ path, headers: legacyHeaders })),
      }),
      run("ingestion", {
        connections: 4,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const vehicle = fleet[clock % fleet.length];
              return { ...request, path: `/ingest/osmand?id=${vehicle.device_id}&lat=41.8&lon=-87.6&speed=8&timestamp=${nextTime()}` };
            },
          },
          {
            method: "POST",
            headers: { "content-type": "application/json", authorization: "Bearer demo-ingest-token" },
            setupRequest: (request) => ({
              ...request,
              path: "/ingest/batch",
              body: JSON.stringify(
                Array.from({ length: 20 }, (_, i) => ({
                  vehicleId: fleet[(clock + i) % fleet.length].id,
                  time: nextTime(),
                  latitude: 41.85,
                  longitude: -87.65,
                  speed: 4,
                })),
              ),
            }),
          },
        ],
      }),
    ]);
    clearInterval(sampler);
    rss.push({ x: (Date.now() - started) / 1000, y: rssMb(server.child.pid) });

    console.log("\n  traffic      requests   req/s   p50 ms  p99 ms  2xx      4xx     5xx  errors  status codes");
    let total = 0;
    let fiveXx = 0;
    let errors = 0;
    for (const { title, result } of runs) {
      total += result.requests.sent ?? result.requests.total;
      fiveXx += result["5xx"];
      errors += result.errors + result.timeouts;
      const codes = Object.entries(result.statusCodeStats ?? {})
        .map(([code, { count }]) => `${code}:${count}`)
        .join(" ");
      console.log(
        `  ${title.padEnd(11)} ${String(result.requests.sent ?? result.requests.total).padStart(9)} ` +
          `${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(8)} ` +
          `${String(result.latency.p99).padStart(7)} ${String(result["2xx"]).padStart(8)} ` +
          `${String(result["4xx"]).padStart(7)} ${String(result["5xx"]).padStart(7)} ` +
          `${String(result.errors).padStart(7)}  ${codes}`,
      );
    }
    const stored = await query(database.url, `select count(*)::int as n from vehicle_positions where time >= $1`, [new Date(base)]);
    console.log(`\n  requests sent ${total}; 5xx ${fiveXx}; connection errors/timeouts ${errors}; points stored ${stored[0].n}`);
    console.log(
      `  public 429s ${rateLimitChecks.limited}, with X-RateLimit-Limit/Remaining/Reset and Retry-After ` +
        `${rateLimitChecks.withHeaders}; 200s with the limit headers ` +
        `${rateLimitChecks.okWithHeaders}/${rateLimitChecks.ok}`,
    );
    // The first half warms up (JIT, caches, pools, the heap growing to its working size).
    const settled = rss.filter((p) => p.x >= SECONDS / 2);
    const trend = slope(settled) * 60;
    const first = settled.slice(0, Math.ceil(settled.length / 2));
    const last = settled.slice(-Math.ceil(settled.length / 2));
    const mean = (points) => points.reduce((s, p) => s + p.y, 0) / points.length;
    console.log(`  server RSS (MB) every 2 s: ${rss.map((p) => p.y.toFixed(0)).join(" ")}`);
    console.log(
      `  RSS in the second half of the run: first quarter ${mean(first).toFixed(0)} MB, last quarter ` +
        `${mean(last).toFixed(0)} MB, trend ${trend >= 0 ? "+" : ""}${trend.toFixed(1)} MB/min`,
    );
    check(fiveXx === 0, "no 5xx");
    check(errors === 0, "no connection errors or timeouts");
    check(rateLimitChecks.limited > 0 && rateLimitChecks.limited === rateLimitChecks.withHeaders, "every 429 carries X-RateLimit-* and Retry-After");
    check(rateLimitChecks.ok === rateLimitChecks.okWithHeaders, "every public 200 carries X-RateLimit-*");
    check(mean(last) < mean(first) * 1.15 + 10, "no RSS growth trend after warm-up (last quarter within 15 % + 10 MB of the third quarter)");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await database.drop();
  }
  console.log(failures.length === 0 ? "\nall load checks passed" : `\n${failures.length} load check(s) FAILED:\n - ${failures.join("\n - ")}`);
  process.exit(failures.length === 0 ? 0 : 1);
};

await main();
