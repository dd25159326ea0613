// The hours-of-service engine from a carrier's own program: lib/hos/rules imports nothing from the service, so a script,
// a dispatch tool or another backend can replay its drivers' logs with it. Run with:
//   npx tsx examples/hos-engine.ts
import { computeHosClocks, findHosViolations, HosInputError, type DutyStatus, type DutyStatusEntry } from "../lib/hos/rules";

// The carrier's own export: one row per duty-status change, times as ISO strings.
const rows: { status: DutyStatus; start: string }[] = [
  { status: "onDuty", start: "2026-01-05T06:00:00-06:00" },
  { status: "driving", start: "2026-01-05T07:00:00-06:00" },
  { status: "offDuty", start: "2026-01-05T12:00:00-06:00" },
  { status: "driving", start: "2026-01-05T15:00:00-06:00" },
  { status: "offDuty", start: "2026-01-05T18:00:00-06:00" },
  { status: "driving", start: "2026-01-05T20:00:00-06:00" },
  { status: "sleeperBed", start: "2026-01-05T22:00:00-06:00" },
];

// The engine takes Dates, not strings: convert at the edge (it refuses strings, naming the field). Entries may also
// carry `adverseDriving` (395.1(b)) and `sixteenHourException` (395.1(o)) claims.
const log: DutyStatusEntry[] = rows.map(({ status, start }) => ({ status, startTime: new Date(start) }));

const driver = { ruleset: "us70_8" as const, timezone: "America/Chicago", dayStartHour: 0, exceptions: { shortHaul: false } };
const at = new Date("2026-01-06T05:00:00-06:00");
const hours = (ms: number) => `${Math.floor(ms / 3_600_000)}h${String(Math.round((ms % 3_600_000) / 60_000)).padStart(2, "0")}`;

// The 3 h off-duty period pairs with the 7 h berth period across the 2 h stop (49 CFR 395.1(g)(1)(ii)), so the
// 11 and 14 hours count again from the end of the 3 h.
const clocks = computeHosClocks({ log, at, ...driver });
console.log(`status ${clocks.currentStatus} since ${clocks.currentStatusStartedAt?.toISOString()}`);
console.log(
  `drive ${hours(clocks.driveRemainingMs)}, shift ${hours(clocks.shiftRemainingMs)}, break in ` +
    `${hours(clocks.timeUntilBreakMs)}, cycle ${hours(clocks.cycleRemainingMs)}`,
);

const violations = findHosViolations({ log, from: new Date(rows[0].start), to: at, ...driver });
console.log(
  violations.length === 0 ? "no violations" : violations.map((v) => `${v.type} at ${v.startTime.toISOString()} for ${hours(v.durationMs)}`).join("\n"),
);

// Input the engine cannot understand is refused with the field named, never guessed.
try {
  computeHosClocks({ log: [{ status: "Driving" as DutyStatus, startTime: new Date() }], at, ...driver });
} catch (error) {
  if (!(error instanceof HosInputError)) throw error;
  console.log(`refused ${error.field}: ${error.message}`);
}
