// `npm test`: every suite, in two lanes side by side (two cores: one lane mostly computes, the other mostly
// waits on servers and a browser). One: lint, then vitest on PGlite, on PostgreSQL (when TEST_DATABASE_URL is set;
// with two app instances of the production build on it once that is built) and on a local Citus cluster (when Citus
// is installed). Two: the type check, a production build, Samsara's SDK and Playwright against it. A failed step ends
// its lane; the run fails once both have ended.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { e2eServerEnv } from "../e2e/server-env.mjs";
import { failureSummary, retriedTests } from "./step-summary.mjs";
import { findChromium, INSTALL_CHROMIUM } from "./chromium.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const E2E_DIST = ".next-e2e";

/**
 * CPU seconds used by this process's finished children and their waited-for descendants (Linux's
 * /proc/self/stat cutime + cstime, in clock ticks of 1/100 s): a step's CPU time says what it costs
 * on a machine shared with other work, where its wall time says little. Undefined elsewhere.
 */
const childrenCpuSeconds = () => {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
};

/** The failed steps' titles and output, and the tests that passed on a retry: printed again at the end of the run. */
const failures = [];
const retried = [];

/** A step's command run with its output held, printed whole when it ends: steps side by side never interleave. */
const runHeld = ({ title, command, args, extraEnv = {} }) =>
  new Promise((resolve) => {
    console.log(`--- started: ${title}`);
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      const text = Buffer.concat(output).toString("utf8");
      console.log(`\n=== ${title} ===`);
      process.stdout.write(text);
      console.log(`=== ${title}: ${status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
      if (status !== 0) failures.push({ title, output: text });
      retried.push(...retriedTests(text).map((name) => `${title}: ${name}`));
      resolve(status ?? 1);
    });
  });

/**
 * Runs lanes at the same time, each lane's steps in order (a step is a command for runHeld, or a function
 * returning a promise of an exit status); a failed step ends its lane. Once every lane has ended, prints
 * their CPU time together and stops the run if any step failed.
 */
const runLanes = async (lanes) => {
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const statuses = await Promise.all(
    lanes.map(async (lane) => {
      for (const item of lane) {
        const status = await (typeof item === "function" ? item() : runHeld(item));
        if (status !== 0) return status;
      }
      return 0;
    }),
  );
  const cpuAfter = childrenCpuSeconds();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? "" : `, ${(cpuAfter - cpuBefore).toFixed(1)} s CPU`;
  console.log(`=== side by side: ${((Date.now() - started) / 1000).toFixed(1)} s${cpu} ===`);
  if (retried.length > 0) console.log(`\n=== passed on a retry (flaky: each to mend) ===\n${retried.join("\n")}`);
  for (const { title, output } of failures) console.log(`\n=== what failed: ${title} ===\n${failureSummary(output).join("\n")}`);
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
};

/** vitest's test files (vitest.config.ts: every .test.ts under tests/ but the SDK suite's). */
const testFiles = () =>
  readdirSync("tests", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.startsWith("sdk/"))
    .map((file) => `tests/${file}`);

/** The test files that open a database (the others never touch one: the PGlite run covers them). */
const databaseTestFiles = () => testFiles().filter((file) => /useTestDatabase|createTestDatabase/.test(readFileSync(file, "utf8")));

/**
 * The database test files whose behaviour depends on how Citus distributes the tables, run again on
 * Citus (tests/README.md, "Which files run where"): a folder (every file under it) or a file. The other
 * database files run on PGlite and PostgreSQL only. A path that no longer exists fails the run.
 */
const CITUS_TESTS = [
  // Each table's placement, the shard count, single-shard routing of every tenant statement.
  "tests/schema/",
  // A migration that rewrites rows in place, as it runs when a Citus deployment upgrades.
  "tests/live/shares/hashed-tokens.test.ts",
  // Queries written for Citus: run on the tenant's shard, co-located joins, row locks in a one-shard
  // query, no STABLE function or now() in a distributed write, keys instead of ctid.
  "tests/telemetry/store/ingest-telemetry.test.ts",
  "tests/processing/trips/",
  "tests/telemetry/fleet-events/",
  "tests/telemetry/rollups/",
  "tests/outbound/webhooks/webhooks.test.ts",
  "tests/processing/alerts/incident-mail.test.ts",
  "tests/fleet/devices/",
  // The devices' last messages: one company's devices in one update from an array.
  "tests/ingestion/trackers/last-message.test.ts",
  "tests/interfaces/fleet-api/vehicles-and-tags.test.ts",
  "tests/interfaces/fleet-api/tag-filters.test.ts",
  "tests/interfaces/fleet-api/trips.test.ts",
  // The snapshot pages' plans: one shard, the tenant's vehicles in id order, one state lookup each.
  "tests/telemetry/vehicle-state/list-vehicle-states.test.ts",
  "tests/fleet/assignments/",
  "tests/access/users/",
  "tests/fleet/inspections/",
  // Every route answers on Citus (a statement Citus refuses would be a 500 there and nowhere else).
  "tests/harness/route-matrix.test.ts",
];

/**
 * The database test files whose behaviour depends on the embedded engine, PGlite, which `npm start` runs
 * on: run on PGlite even when PostgreSQL is there (tests/README.md, "Which files run where"). With
 * TEST_DATABASE_URL set the other database files run once, on PostgreSQL; without it, everything runs
 * on PGlite. A folder (every file under it) or a file; a path that no longer exists fails the run.
 */
const PGLITE_TESTS = [
  // Telemetry written as text arrays split in SQL (PGlite sends no binary parameters: packed-column.ts).
  "tests/telemetry/store/",
  // Bulk vehicle updates batched for PGlite's one connection.
  "tests/fleet/vehicles/",
  // The processors without a window of concurrent batches (start-fleet-reactions.ts).
  "tests/telemetry/fleet-events/",
  // Boot, the demo's seed and the simulator, and the launchers: what a newcomer's `npm start` runs.
  "tests/runtime/",
  "tests/scripts/",
  // Migrations that rewrite rows, as they run when an embedded installation upgrades.
  "tests/live/shares/hashed-tokens.test.ts",
  "tests/processing/trips/unique-activity-starts-migration.test.ts",
  // Every route once on the embedded engine (its type parsers and single connection).
  "tests/harness/route-matrix.test.ts",
];

/** The files `list` picks (a folder entry picks every file under it); a path that no longer exists stops the run. */
const picked = (files, list, name) => {
  const missing = list.filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    console.error(`scripts/test.mjs: ${name} names paths that do not exist: ${missing.join(", ")}`);
    process.exit(1);
  }
  return files.filter((file) => list.some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry)));
};

/** scripts/citus-cluster.sh, as a step of its own. */
const citusCluster = (command) => runHeld({ title: `Citus cluster: ${command}`, command: "bash", args: ["scripts/citus-cluster.sh", command] });

/** Whether this run started the Citus cluster and has yet to stop it: it does after the Citus step, or on its way out. */
let citusToStop = false;
process.on("exit", () => {
  if (citusToStop) spawnSync("bash", ["scripts/citus-cluster.sh", "stop"], { stdio: "ignore", env });
});

/**
 * Starts the local Citus cluster (scripts/citus-cluster.sh) at the start of the run when it is not running: whether it
 * runs decides where the CITUS_TESTS files run. `available`: it runs; `failure`: the exit status of a start that failed
 * for another reason than Citus not being installed. One this run started is stopped at the end, whether its step ran
 * or an earlier step of its lane failed: one left running, the next run would take as not its own and leave running too.
 */
const prepareCitus = async () => {
  if (spawnSync("bash", ["scripts/citus-cluster.sh", "status"], { stdio: "ignore", env }).status === 0) return { available: true };
  const started = await citusCluster("start");
  citusToStop = started === 0;
  if (started === 0) return { available: true };
  if (started === 3)
    console.log('\n(Citus is not installed in this PostgreSQL: its files run on PostgreSQL, and the Citus run is skipped. See README, "Citus".)');
  return { available: false, failure: started === 3 ? undefined : started };
};

/** The Citus-dependent database test `files` (CITUS_TESTS) on the cluster prepareCitus started, as a lane's step; then stops it if this run started it. */
const runOnCitus = async ({ files }) => {
  const status = await runHeld({
    title: `database tests (Citus: a coordinator and two workers, ${files.length} files)`,
    command: "npx",
    args: ["vitest", "run", ...files],
    extraEnv: { TEST_DB: "citus", TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${process.env.CITUS_COORDINATOR_PORT ?? 5441}/fleet` },
  });
  if (citusToStop) {
    await citusCluster("stop");
    citusToStop = false;
  }
  return status;
};

// The last step needs a browser: say so now, not after the build.
if (!findChromium()) {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist` : "no Chromium at /usr/bin/chromium or from Playwright";
  console.error(`npm test runs the end-to-end suites in Chromium, and ${where}.\n${INSTALL_CHROMIUM}`);
  process.exit(1);
}

/**
 * The lint, then the vitest passes: mostly CPU. Each database file runs once: with TEST_DATABASE_URL set
 * on PostgreSQL, but those of PGLITE_TESTS, which run on PGlite beside the files that open no database,
 * and those of CITUS_TESTS when the Citus cluster runs: Citus is the same PostgreSQL server with the tables
 * distributed, so such a file's run on PostgreSQL told nothing its run on Citus does not (tests/README.md,
 * "Which files run where"). A file in both lists runs on PGlite and on Citus.
 */
const lintAndVitestLane = () => {
  const lint = {
    title: "lint (layering: lib/ imports no next/*, app/ or components/; no import cycles; no line over 160; Prettier's layout)",
    command: "npm",
    args: ["run", "lint"],
  };
  if (!process.env.TEST_DATABASE_URL) {
    console.log("\n(TEST_DATABASE_URL is not set: every database test runs on PGlite, and the Citus and two-instance runs are skipped)");
    return [lint, { title: "unit and database tests (PGlite)", command: "npx", args: ["vitest", "run"], extraEnv: { TEST_DB: "pglite" } }];
  }
  // Started beside the lint and the type check; the PostgreSQL pass needs to know whether it runs.
  const citusReady = prepareCitus();
  const databaseFiles = databaseTestFiles();
  const pgliteFiles = picked(databaseFiles, PGLITE_TESTS, "PGLITE_TESTS");
  const onPglite = testFiles().filter((file) => !databaseFiles.includes(file) || pgliteFiles.includes(file));
  const citusFiles = picked(databaseFiles, CITUS_TESTS, "CITUS_TESTS");
  const onPostgres = ({ available }) => databaseFiles.filter((file) => !pgliteFiles.includes(file) && !(available && citusFiles.includes(file)));
  return [
    lint,
    {
      title: `unit tests and the embedded engine's database tests (PGlite, ${onPglite.length} files)`,
      command: "npx",
      args: ["vitest", "run", ...onPglite],
      extraEnv: { TEST_DB: "pglite" },
    },
    async () => {
      const files = onPostgres(await citusReady);
      return runHeld({
        title: `database tests (PostgreSQL, ${files.length} files)`,
        command: "npx",
        args: ["vitest", "run", ...files],
        extraEnv: { TEST_DB: "postgres" },
      });
    },
    twoInstances,
    async () => {
      const citus = await citusReady;
      return citus.available ? runOnCitus({ files: citusFiles }) : (citus.failure ?? 0);
    },
  ];
};

/** The production build's exit status, once it has ended: the two-instance step in the other lane runs on it. */
let buildEnded;
const built = new Promise((resolve) => (buildEnded = resolve));

/**
 * Two app instances of the production build on one PostgreSQL (vitest), in the vitest lane once the build has
 * ended (long before that lane gets here): the build's lane, with Playwright, is the longer. Skipped when the
 * build failed, which fails its own lane.
 */
const twoInstances = async () =>
  (await built) === 0
    ? runHeld({
        title: "two app instances on one PostgreSQL (vitest)",
        command: "npx",
        args: ["vitest", "run", "--config", "vitest.multi-instance.config.ts"],
        extraEnv: { NEXT_DIST_DIR: E2E_DIST },
      })
    : 0;

/** The e2e server, once started: Playwright reuses it (E2E_SERVER_STARTED). */
let e2eServer;
// SIGKILL: a test server has nothing to finish, and one left behind would hold the run's output open.
const stopE2eServer = () => {
  try {
    if (e2eServer) process.kill(-e2eServer.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
};
process.on("exit", stopE2eServer);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

/**
 * Starts the e2e server on a fresh data folder. Its first start (the simulator's backfill, the processors
 * working through it) is minutes of mostly waiting: it runs while the SDK and two-instance steps do. In
 * its own process group (detached), so that one signal stops it and anything it started.
 */
const startE2eServer = async () => {
  rmSync(".data-e2e", { recursive: true, force: true });
  e2eServer = spawn("node", ["scripts/server.mjs"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, ...e2eServerEnv(), NEXT_DIST_DIR: E2E_DIST },
  });
  return 0;
};

/** The type check, then the production build and what runs against it: mostly waiting on servers and a browser. */
const typeCheckAndBuildLane = () => [
  // `npm run typecheck`, not `npx tsc`: node_modules/.bin/tsc is the linter's TypeScript 6 (hoisted from
  // tools/eslint-typescript-parser), two to three times slower than the project's TypeScript 7.
  { title: "type check", command: "npm", args: ["run", "--silent", "typecheck"] },
  // A CI run builds once from a clean clone: writing Turbopack's cache for a next build would be time lost.
  async () => {
    const status = await runHeld({
      title: "production build",
      command: "npx",
      args: ["next", "build"],
      extraEnv: { NEXT_DIST_DIR: E2E_DIST, ...(process.env.CI ? { NEXT_BUILD_CACHE: "off" } : {}) },
    });
    buildEnded(status);
    return status;
  },
  startE2eServer,
  {
    title: "Samsara SDK against the production build",
    command: "npx",
    args: ["vitest", "run", "-c", "vitest.sdk.config.ts"],
    extraEnv: { NEXT_DIST_DIR: E2E_DIST },
  },
  {
    title: "end-to-end tests (Playwright, chromium)",
    command: "npx",
    args: ["playwright", "test"],
    extraEnv: { NEXT_DIST_DIR: E2E_DIST, E2E_SERVER_STARTED: "1" },
  },
];

// Two lanes on two cores: one mostly computing, one mostly waiting (docs/decisions.md, "npm test in two lanes").
await runLanes([lintAndVitestLane(), typeCheckAndBuildLane()]);
// The running server holds this process open: stop it and end the run (a CI run once waited here until its timeout).
process.exit(0);
