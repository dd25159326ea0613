import type { Database } from "@/db/client";
import { drivers, vehicles } from "@/db/schema";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { automaticDrivingProcessor } from "@/lib/hos/logbook/automatic-driving";
import { STOP_PROMPT_ANSWER_MS, switchUnansweredStopPrompts } from "@/lib/hos/logbook/stop-prompts";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry, type TestPosition } from "../../helpers/telemetry";

let serial = 0;

/** A vehicle of the tenant, and (unless `driver: false`) an active driver whose static vehicle it is. */
export const addVehicleAndDriver = async ({ db, companyId, driver = true }: { db: Database; companyId: number; driver?: boolean }) => {
  serial += 1;
  const [vehicle] = await db
    .insert(vehicles)
    .values({ companyId, dataset: "live", vin: `LOGBOOK${serial}${Date.now()}`, name: `Logbook truck ${serial}` })
    .returning();
  if (!driver) return { vehicle, driver: null };
  const [row] = await db
    .insert(drivers)
    .values({
      companyId,
      dataset: "live",
      name: `Logbook driver ${serial}`,
      username: `logbook-driver-${serial}-${Date.now()}`,
      timezone: "UTC",
      staticAssignedVehicleId: vehicle.id,
    })
    .returning();
  return { vehicle, driver: row };
};

/**
 * The demo companies, with the automatic-driving processor's checkpoint planted (by a vehicle parked 30 hours ago):
 * the processor starts at what is committed from then on, so the tests' tracks are what it follows.
 */
export const seedLogbookCompanies = async ({ db, liveVehicles }: { db: Database; liveVehicles: number }) => {
  const companies = await seedTestCompanies({ db, liveVehicles });
  const { vehicle } = await addVehicleAndDriver({ db, companyId: companies.demoCompanyId, driver: false });
  const time = new Date(Date.now() - 30 * 3_600_000);
  await writeTelemetry({
    db,
    companyId: companies.demoCompanyId,
    dataset: "live",
    positions: [{ vehicleId: vehicle.id, time, latitude: 41.5, longitude: -88.1 }],
  });
  await runTelemetryProcessors({ db, processors: [automaticDrivingProcessor] });
  return companies;
};

/**
 * A recorded drive: `restBefore` minutes parked, `driveMinutes` at 20 m/s heading north, then
 * `restAfter` minutes parked; one point every `everySeconds`. Starts at `start`.
 */
export const recordedTrack = ({
  vehicleId,
  start,
  restBefore = 2,
  driveMinutes,
  restAfter = 7,
  everySeconds = 30,
  latitude = 41.5,
  longitude = -88.1,
}: {
  vehicleId: number;
  start: Date;
  restBefore?: number;
  driveMinutes: number;
  restAfter?: number;
  everySeconds?: number;
  latitude?: number;
  longitude?: number;
}) => {
  const points: TestPosition[] = [];
  let lat = latitude;
  const total = (restBefore + driveMinutes + restAfter) * 60;
  for (let s = 0; s <= total; s += everySeconds) {
    const moving = s > restBefore * 60 && s <= (restBefore + driveMinutes) * 60;
    if (moving) lat += (20 * everySeconds) / 111_320;
    points.push({ vehicleId, time: new Date(start.getTime() + s * 1000), latitude: lat, longitude, speed: moving ? 20 : 0 });
  }
  return points;
};

/**
 * Ingests positions in batches of `batch` and lets the automatic-driving processor follow each, as the service does;
 * then, unless `unanswered: "wait"`, lets the minute of every stop prompt run out unanswered (On Duty follows).
 */
export const ingestAndProcess = async ({
  db,
  companyId,
  positions,
  batch = positions.length,
  unanswered = "switch",
}: {
  db: Database;
  companyId: number;
  positions: readonly TestPosition[];
  batch?: number;
  unanswered?: "switch" | "wait";
}) => {
  for (let i = 0; i < positions.length; i += batch) {
    await writeTelemetry({ db, companyId, dataset: "live", positions: positions.slice(i, i + batch) });
    await runTelemetryProcessors({ db, processors: [automaticDrivingProcessor] });
  }
  if (unanswered === "switch") await switchUnansweredStopPrompts({ db, now: new Date(Date.now() + STOP_PROMPT_ANSWER_MS) });
};
