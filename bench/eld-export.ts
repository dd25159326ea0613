// The carrier's ELD output files (issue 35, item 8): `drivers` drivers with `days` days of duty-status records and ELD
// events each, written through the domain functions that write them in service (the driver's changes, the automatic
// driving's entries and intermediate logs, certifications, logins; the engine's odometer and hours reported as
// telemetry), then every driver's file over those days made as
// the HOS page's download makes it (exportEldFile), one after another. Every file is parsed back and its check values
// verified (untimed). Target: 100 drivers × 8 days in under 60 s.
import type { Database } from "@/db/client";
import type { DutyStatus } from "@/db/schema";
import { getDistanceUnit } from "@/lib/fleet/company-units";
import { createDriver } from "@/lib/fleet/drivers";
import { recordEldEvents, type EldEventDraft } from "@/lib/hos/eld-events/record-eld-events";
import { exportEldFile } from "@/lib/hos/eld-file";
import { writeAutomaticEntry } from "@/lib/hos/logbook/automatic-entry";
import { certifyLogDay } from "@/lib/hos/logbook/certify-log-day";
import { calendarDayOf } from "@/lib/hos/records/certified-days";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { dayInZone } from "@/lib/platform/zoned-time";
import { ingestTelemetry, type StatSample } from "@/lib/telemetry/store";
import { parseEldFile } from "@/tests/hos/eld-file/eld-file-parser";
import { summarize } from "./measure";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONES = ["America/Chicago", "America/New_York", "America/Denver", "America/Los_Angeles"];

/** A driver's day (minutes after the day's start): a pre-trip, a yard move, two drives with lunch between, personal conveyance to the motel. */
const DAY_PLAN: { minute: number; status: DutyStatus | "login" | "logout"; automatic?: boolean; remark?: string }[] = [
  { minute: 350, status: "login" },
  { minute: 360, status: "onDuty", remark: "Pre-trip inspection" },
  { minute: 380, status: "yardMove", remark: "To dock 4" },
  { minute: 395, status: "onDuty" },
  { minute: 405, status: "driving", automatic: true },
  { minute: 675, status: "onDuty", automatic: true },
  { minute: 690, status: "offDuty", remark: "Lunch" },
  { minute: 735, status: "driving", automatic: true },
  { minute: 960, status: "onDuty", automatic: true },
  { minute: 990, status: "offDuty" },
  { minute: 995, status: "logout" },
  { minute: 1140, status: "personalConveyance", remark: "To the motel" },
  { minute: 1165, status: "offDuty" },
  { minute: 1260, status: "sleeperBed" },
];

/** Where driver `index` is at `at`: heading north-east from a point of its own, about 50 km an hour of the plan. */
const positionOf = (index: number, at: number) => {
  const progress = ((at / HOUR) % 48) * 0.05;
  return { latitude: 33 + (index % 10) + progress, longitude: -100 + Math.floor(index / 10) * 1.5 + progress / 2 };
};

/**
 * The engine's reports of a day's drives (the records' miles and engine hours are read from them, 7.43, 7.44): every 5
 * minutes of a drive the ECU's odometer (90 km/h) and engine seconds, the engine off where the drive ends. `counters`
 * carries the totals from day to day.
 */
const engineReports = ({ vehicleId, start, counters }: { vehicleId: number; start: number; counters: { meters: number; seconds: number } }) => {
  const stats: StatSample[] = [];
  const report = (time: number, engineState: "On" | "Off") =>
    stats.push({
      companyId: 0,
      dataset: "live",
      vehicleId,
      time: new Date(time),
      odometerMeters: counters.meters,
      engineSeconds: counters.seconds,
      engineState,
    });
  DAY_PLAN.forEach((plan, step) => {
    if (plan.status !== "driving") return;
    const until = start + DAY_PLAN[step + 1].minute * MINUTE;
    for (let time = start + plan.minute * MINUTE; time < until; time += 5 * MINUTE) {
      report(time, "On");
      counters.meters += 5 * 1_500;
      counters.seconds += 5 * 60;
    }
    report(until, "Off");
  });
  return stats;
};

/**
 * One driver's `dates`, in order: each day's engine reports, then its entries, the intermediate logs of each full hour
 * of driving, the logins and the previous day's certification.
 */
const seedDriver = async ({ db, companyId, driver, index, dates }: { db: Database; companyId: number; driver: Driver; index: number; dates: string[] }) => {
  const tenant = { companyId, dataset: "live" as const };
  const actor = driverActor({ driver: { driverId: driver.id, name: driver.name }, ip: null, requestId: null });
  const unit = await getDistanceUnit({ db, companyId });
  let previous: DutyStatus | null = null;
  const counters = { meters: 250_000_000 + index * 1_000_000, seconds: 20_000_000 + index * 10_000 };
  for (const [day, date] of dates.entries()) {
    const start = calendarDayOf(driver, date).startMs + (index % 7) * MINUTE;
    const stats = engineReports({ vehicleId: driver.vehicleId, start, counters }).map((stat) => ({ ...stat, companyId }));
    await ingestTelemetry({ db, batch: { stats } });
    if (day > 0) await certifyLogDay({ db, ...tenant, driverId: driver.id, date: dates[day - 1], actor, now: new Date(start + 355 * MINUTE) });
    for (const [step, plan] of DAY_PLAN.entries()) {
      const at = new Date(start + plan.minute * MINUTE);
      const position = positionOf(index, at.getTime());
      const common = { driverId: driver.id, vehicleId: driver.vehicleId, at, position: null, origin: "driver" as const };
      if (plan.status === "login" || plan.status === "logout") {
        await db.transaction((tx) => recordEldEvents({ db: tx, ...tenant, drafts: [{ ...common, type: 5, code: plan.status === "login" ? 1 : 2 }] }));
        continue;
      }
      if (!plan.automatic) {
        await setDutyStatus({ db, ...tenant, driverId: driver.id, status: plan.status, at, location: position, remark: plan.remark, actor, now: at });
      } else {
        const until = start + DAY_PLAN[step + 1].minute * MINUTE;
        await db.transaction(async (tx) => {
          const drafts: EldEventDraft[] = await writeAutomaticEntry({
            tx,
            tenant,
            vehicleId: driver.vehicleId,
            driverId: driver.id,
            status: plan.status as DutyStatus,
            at,
            position,
            previousStatus: previous,
            unit,
          });
          // The processor's intermediate logs (4.5.1.2): each full hour of the drive.
          for (let hour = at.getTime() + HOUR; plan.status === "driving" && hour <= until; hour += HOUR)
            drafts.push({ ...common, type: 2, code: 1, at: new Date(hour), origin: "automatic", position: positionOf(index, hour) });
          await recordEldEvents({ db: tx, ...tenant, drafts });
        });
      }
      previous = plan.status;
    }
  }
};

type Driver = Awaited<ReturnType<typeof createDriver>> & { vehicleId: number };

export const benchEldExport = async ({
  db,
  companyId,
  vehicleIds,
  days = 8,
  concurrency = 4,
}: {
  db: Database;
  companyId: number;
  /** One driver per vehicle, the vehicle their static one. */
  vehicleIds: readonly number[];
  days?: number;
  /** Drivers seeded at once (each driver's records in order). */
  concurrency?: number;
}) => {
  const tenant = { companyId, dataset: "live" as const };
  const operator = operatorActor("ELD export bench");
  const drivers: Driver[] = [];
  for (const [index, vehicleId] of vehicleIds.entries()) {
    const input = {
      name: `Eld Bench ${index + 1}`,
      username: `eld-bench-${index + 1}`,
      timezone: ZONES[index % ZONES.length],
      licenseNumber: `B${String(index).padStart(7, "0")}`,
      licenseState: "IL",
      eldPcEnabled: true,
      eldYmEnabled: true,
      staticAssignedVehicleId: String(vehicleId),
    };
    drivers.push({ ...(await createDriver({ db, ...tenant, input, actor: operator })), vehicleId });
  }
  // The `days` complete days before today on each driver's calendar (the carrier's range: any days within six months).
  const now = new Date();
  const datesOf = (driver: Driver) => Array.from({ length: days }, (_, i) => dayInZone(now.getTime() - (days - i) * DAY, driver.timezone));
  const seeding = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < drivers.length) {
      const index = next++;
      await seedDriver({ db, companyId, driver: drivers[index], index, dates: datesOf(drivers[index]) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seedMs = performance.now() - seeding;

  const times: number[] = [];
  const files: string[] = [];
  const exporting = performance.now();
  for (const driver of drivers) {
    const dates = datesOf(driver);
    const started = performance.now();
    const file = await exportEldFile({ db, ...tenant, driverId: driver.id, start: dates[0], end: dates.at(-1), actor: operator, now });
    times.push(performance.now() - started);
    files.push(file.text);
  }
  const totalMs = performance.now() - exporting;
  const events = files.reduce((sum, text) => sum + parseEldFile(text).segments.get("ELD Event List:")!.length, 0);
  return { drivers: drivers.length, days, seedMs, totalMs, perFile: summarize(times), events, bytes: files.reduce((sum, text) => sum + text.length, 0) };
};
