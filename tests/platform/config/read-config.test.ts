import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "@/lib/platform/config";
import { ENV_NAMES, TRACKER_PORT_VARIABLES, trackerListenersOff } from "@/lib/platform/config/env.mjs";

describe("readConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      SIM_VEHICLES: 50,
      RETENTION_DAYS: 400,
      LOG_LEVEL: "info",
      DEMO: false,
      PROCESS_ROLE: "all",
      WORKER_NICE: 10,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    // Unset SIMULATOR means "on" in the demo and "off" in production (isSimulatorOn).
    expect(config.SIMULATOR).toBeUndefined();
  });

  it("parses numbers, and treats an empty variable as unset (except MAP_TILE_URL, where empty means no tiles)", () => {
    expect(readConfig({ PORT: "8080", SIM_VEHICLES: "", MAP_TILE_URL: "" })).toMatchObject({ PORT: 8080, SIM_VEHICLES: 50, MAP_TILE_URL: "" });
  });

  it.each([
    [{ PORT: "abc" }, /PORT must be an integer from 1 to 65535 \(got "abc"\)/],
    [{ SIM_VEHICLES: "-1" }, /SIM_VEHICLES must be an integer from 0 to 10000 \(got "-1"\)/],
    [{ SIM_TICK_MS: "1.5" }, /SIM_TICK_MS must be an integer/],
    [{ SIMULATOR: "yes" }, /SIMULATOR must be one of on, off/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of/],
    [{ FLEET_API_URL: "not a url", FLEET_API_KEY: "k" }, /FLEET_API_URL must be an absolute URL/],
    [{ FLEET_API_URL: "http://fleet.example" }, /FLEET_API_KEY must be set together/],
    [{ PROCESS_ROLE: "both" }, /PROCESS_ROLE must be one of all, web, worker/],
    [{ PROCESS_ROLE: "worker" }, /PROCESS_ROLE must be "all" with the embedded database: worker needs DATABASE_URL/],
    [{ WORKER_NICE: "20" }, /WORKER_NICE must be an integer from 0 to 19 \(got "20"\)/],
  ])("refuses %j, naming the variable", (environment, message) => {
    expect(() => readConfig(environment)).toThrow(ConfigError);
    expect(() => readConfig(environment)).toThrow(message);
  });

  it('lists every tracker port in TRACKER_PORT_VARIABLES, so that the servers tests start turn each listener "off"', () => {
    const takesOff = ENV_NAMES.filter((name) => {
      try {
        return (readConfig({ [name]: "off" }) as Record<string, unknown>)[name] === null;
      } catch {
        return false;
      }
    });
    expect(takesOff.sort()).toEqual([...TRACKER_PORT_VARIABLES].sort());
    expect(Object.values(readConfig(trackerListenersOff())).filter((value) => value === null)).toHaveLength(TRACKER_PORT_VARIABLES.length);
  });

  it("names every bad variable at once", () => {
    expect(() => readConfig({ PORT: "abc", SIM_VEHICLES: "-1" })).toThrow(/PORT .*; SIM_VEHICLES /);
  });
});

describe("start-up with a bad variable", () => {
  it.each([
    ["PORT", "abc"],
    ["SIM_VEHICLES", "-1"],
  ])("node scripts/server.mjs with %s=%s exits 1 naming it, before starting Next", (name, value) => {
    const result = spawnSync("node", ["scripts/server.mjs"], { env: { ...process.env, [name]: value }, encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`[config] Invalid configuration: ${name} must be`);
  });
});
