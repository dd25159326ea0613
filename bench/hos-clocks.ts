/**
 * Hours-of-service engine throughput: a fleet of 2,000 drivers with 8 days of plausible logs (~15 entries a day).
 * Run with `npx tsx bench/hos-clocks.ts`; prints figures, asserts nothing.
 */
import { buildDailyLogs, computeHosClocks, findHosViolations, type DutyStatus, type DutyStatusEntry } from "@/lib/hos/rules";

const DRIVERS = 2_000;
const DAYS = 8;
const MINUTE_MS = 60_000;
const FLEET_START_MS = Date.parse("2026-03-02T06:00:00Z");
const TIMEZONES = ["America/Chicago", "America/New_York", "America/Denver", "America/Los_Angeles"];

/** Deterministic generator (mulberry32) so runs are comparable. */
const createRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
};

/** One driver's week: pre-trip, driving legs with short stops, a break, fuel, post-trip, then a 10 h+ rest (sometimes split). */
const generateDriverLog = (driverIndex: number): DutyStatusEntry[] => {
  const random = createRandom(driverIndex + 1);
  const between = (minMinutes: number, maxMinutes: number) => (minMinutes + random() * (maxMinutes - minMinutes)) * MINUTE_MS;
  const vehicleId = `truck-${driverIndex % 700}`;
  const log: DutyStatusEntry[] = [];
  let cursorMs = FLEET_START_MS + between(0, 180);
  const add = (status: DutyStatus, lengthMs: number) => {
    log.push({ status, startTime: new Date(cursorMs), vehicleId, distanceMeters: status === "driving" ? lengthMs / 40 : null });
    cursorMs += lengthMs;
  };
  for (let day = 0; day < DAYS; day++) {
    add("onDuty", between(15, 30));
    add("yardMove", between(5, 15));
    for (let leg = 0; leg < 4; leg++) {
      add("driving", between(60, 150));
      add(leg === 1 ? "offDuty" : "onDuty", leg === 1 ? between(30, 60) : between(10, 25));
    }
    add("driving", between(30, 90));
    add("onDuty", between(15, 30));
    if (random() < 0.2) {
      add("sleeperBed", between(420, 480));
      add("driving", between(60, 120));
      add("offDuty", between(150, 200));
    } else {
      add("personalConveyance", between(10, 20));
      add("offDuty", between(600, 720));
    }
  }
  return log;
};

const fleet = Array.from({ length: DRIVERS }, (_, index) => ({ log: generateDriverLog(index), timezone: TIMEZONES[index % TIMEZONES.length] }));
const entries = fleet.reduce((total, { log }) => total + log.length, 0);
const at = new Date(FLEET_START_MS + DAYS * 24 * 60 * MINUTE_MS);
const from = new Date(FLEET_START_MS);

const measure = (label: string, run: () => void) => {
  run(); // warm-up: JIT and Intl formatter caches
  const startedAt = performance.now();
  run();
  const elapsedMs = performance.now() - startedAt;
  console.log(
    `${label.padEnd(34)} ${elapsedMs.toFixed(1).padStart(8)} ms  ${Math.round((DRIVERS / elapsedMs) * 1000)
      .toLocaleString("en-US")
      .padStart(10)} drivers/s`,
  );
};

console.log(
  `${DRIVERS.toLocaleString("en-US")} drivers, ${DAYS} days, ${entries.toLocaleString("en-US")} entries ` +
    `(${(entries / DRIVERS / DAYS).toFixed(1)} per driver-day)`,
);
measure("computeHosClocks (clocks)", () => {
  for (const { log, timezone } of fleet) computeHosClocks({ log, ruleset: "us70_8", at, timezone });
});
measure("findHosViolations", () => {
  for (const { log, timezone } of fleet) findHosViolations({ log, ruleset: "us70_8", from, to: at, timezone });
});
measure("buildDailyLogs", () => {
  for (const { log, timezone } of fleet) buildDailyLogs({ log, ruleset: "us70_8", from, to: at, timezone });
});
