import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase, useDatabase } from "@/db/client";
import { companies, setupTokens } from "@/db/schema";
import { bootService } from "@/lib/runtime/boot/boot-service";
import { getServiceStatus } from "@/lib/runtime/service-status";
import { reloadConfig } from "@/lib/platform/config";
import { trackerListenersOff } from "@/lib/platform/config/env.mjs";

// Applies every migration to an empty database (about 8 s of CPU alone): a loaded machine takes a multiple of that.
const MIGRATING_FROM_SCRATCH_MS = 120_000;

// A production start (NODE_ENV=production, no DEMO, no SEED_* variables) on an empty PGlite folder.
const dataDir = mkdtempSync(path.join(tmpdir(), "fleet-production-"));
const database = openDatabase({ dataDir });

const bootInProduction = async (env: Record<string, string>) => {
  for (const [name, value] of Object.entries({
    NODE_ENV: "production",
    DEMO: "",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SIMULATOR: "",
    ...trackerListenersOff(),
    PUBLIC_URL: "https://fleet.example.com",
    ...env,
  })) {
    vi.stubEnv(name, value);
  }
  reloadConfig();
  useDatabase(database);
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  try {
    // Its background jobs stop before the next start (and before the database closes).
    await (await bootService()).stop();
  } finally {
    spy.mockRestore();
  }
  return lines.join("\n");
};

afterAll(async () => {
  vi.unstubAllEnvs();
  reloadConfig();
  useDatabase(undefined);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a production start", () => {
  it("refuses to start without AUTH_SECRET, naming only it", async () => {
    await expect(bootInProduction({ AUTH_SECRET: "" })).rejects.toThrow(/Set AUTH_SECRET \(/);
  });

  it(
    "seeds nothing, runs no simulator, and prints a one-time setup link at each start while no company exists",
    async () => {
      const first = await bootInProduction({ AUTH_SECRET: "a-production-secret" });
      expect(first).toMatch(/https:\/\/fleet\.example\.com\/setup\?token=[0-9A-Za-z]{32}\n/);
      expect(first).not.toMatch(/demo sign-ins|ClientKey|ingest token/);
      expect((await database.db.select({ n: count() }).from(companies))[0].n).toBe(0);
      const second = await bootInProduction({ AUTH_SECRET: "a-production-secret" });
      const token = (text: string) => text.match(/token=(\w+)/)![1];
      expect(token(second)).not.toBe(token(first));
      expect((await database.db.select({ n: count() }).from(setupTokens))[0].n).toBe(2);
      expect(getServiceStatus().simulator).toMatchObject({ state: "off" });
    },
    MIGRATING_FROM_SCRATCH_MS,
  );
});
