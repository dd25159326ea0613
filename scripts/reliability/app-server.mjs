// Starts and stops the production server (scripts/server.mjs) for the fault and load scripts, on
// 127.0.0.1 only, each run on a fresh PostgreSQL database of its own.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { trackerListenersOff } from "../../lib/platform/config/env.mjs";

export const DIST_DIR = process.env.NEXT_DIST_DIR ?? ".next-reliability";
export const PORT = Number(process.env.PORT ?? 3310);
export const BASE = `http://127.0.0.1:${PORT}`;
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Builds the app into DIST_DIR unless a build is already there. */
export const ensureBuild = () => {
  if (existsSync(`${DIST_DIR}/BUILD_ID`)) return;
  console.log(`building into ${DIST_DIR} ...`);
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed");
};

/** A fresh database; returns its URL and a function that drops it. */
export const createDatabase = async (prefix) => {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(ADMIN_URL, name);
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await client.end();
    },
  };
};

/** Starts the server on DATABASE_URL and resolves once it answers; `exited` resolves with its exit code. */
export const startServer = async ({ databaseUrl, env = {} }) => {
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "1",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      NEXT_DIST_DIR: DIST_DIR,
      DATABASE_URL: databaseUrl,
      SIMULATOR: "off",
      ...trackerListenersOff(),
      SIM_VEHICLES: "20",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  const deadline = Date.now() + 90_000;
  while (!/> Ready on/.test(output)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => output };
};

/** Runs a query on a database (counts for the checks). */
export const query = async (url, text, values = []) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
};

/** An admin token and a fresh live API key with every scope, over HTTP as a client would. */
export const createApiKeyOverHttp = async (body = {}, admin = { email: "admin@demo.test", password: "demo-password-1" }) => {
  const tokenResponse = await fetch(`${BASE}/api/v2/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token } = await tokenResponse.json();
  const keyResponse = await fetch(`${BASE}/api/v2/api-keys`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "reliability", scopes: ["vehicles:read", "drivers:read", "drivers:write", "hos:read"], ...body }),
  });
  return (await keyResponse.json()).key;
};

export const legacyToken = async () => {
  const response = await fetch(`${BASE}/api/v1/auth`, { headers: { "x-client-key": "demo-client-key" } });
  return (await response.json()).token;
};
