import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { alertIncidents, vehicles, webhookDeliveries, webhooks } from "@/db/schema";
import { alertsProcessor } from "@/lib/processing/alerts/alerts-processor";
import type { AlertRuleFields } from "@/lib/processing/alerts/manage-alert-rules";
import { createAlertRule } from "@/lib/processing/alerts/manage-alert-rules";
import { operatorActor } from "@/lib/platform/audit";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { createPlace } from "@/lib/fleet/places/manage-places";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry, type TestStat } from "../../helpers/telemetry";

export const actor = operatorActor("alerts test");
/** A 200 m circle in the Loop; OUTSIDE is about 1 km south of it. */
export const CENTRE = { latitude: 41.8837, longitude: -87.6289 };
export const OUTSIDE = { latitude: 41.8747, longitude: -87.6289 };

/** Each track starts an hour after the previous one: the seeded vehicles are the same, and what they reported before is history, not late. */
let tracks = 0;

/**
 * A tenant with vehicles, a place, a webhook receiver subscribed to everything, and the alerts
 * processor's checkpoint already at the head (it starts at "now"), plus helpers that drive a
 * synthetic track through ingestion and the processor.
 */
export const setupAlertTrack = async (db: Database) => {
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 3 });
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  const [a, b, c] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
    .orderBy(asc(vehicles.id));
  const place = await createPlace({
    db,
    ...tenant,
    actor,
    input: { name: "Loop depot", formattedAddress: "Loop, Chicago", geofence: { circle: { ...CENTRE, radiusMeters: 200 } } },
  });
  await db.insert(webhooks).values({ ...tenant, name: "Receiver", url: "https://receiver.example.invalid/hook", secretKey: "c2VjcmV0", version: "2024-02-27" });
  const run = () => runTelemetryProcessors({ db, processors: [alertsProcessor] });
  tracks += 1;
  const start = Date.now() - 20 * 3_600_000 + tracks * 3_600_000;
  // The processor starts at the tenant's head when it first sees it: give the tenant one, then let it start.
  await writeTelemetry({ db, ...tenant, positions: [{ vehicleId: c.id, time: new Date(start - 60_000), ...OUTSIDE }] });
  await run();
  const at = (seconds: number) => new Date(start + seconds * 1000);
  const rule = (fields: Omit<AlertRuleFields, "isEnabled" | "vehicleIds"> & Partial<AlertRuleFields>) =>
    createAlertRule({ db, ...tenant, actor, fields: { isEnabled: true, vehicleIds: [], ...fields } });
  /** Positions of one vehicle: [seconds, where, speed m/s]. */
  const drive = async (vehicleId: number, track: [number, { latitude: number; longitude: number }, number?][]) => {
    await writeTelemetry({
      db,
      ...tenant,
      positions: track.map(([seconds, where, speed]) => ({ vehicleId, time: at(seconds), ...where, speed: speed ?? 10 })),
    });
  };
  const report = async (vehicleId: number, stats: [number, Omit<TestStat, "vehicleId" | "time">][]) => {
    await writeTelemetry({ db, ...tenant, stats: stats.map(([seconds, values]) => ({ vehicleId, time: at(seconds), ...values })) });
  };
  const incidents = (ruleId: number) =>
    db
      .select()
      .from(alertIncidents)
      .where(and(eq(alertIncidents.companyId, demoCompanyId), eq(alertIncidents.ruleId, ruleId)))
      .orderBy(asc(alertIncidents.id));
  const events = async () =>
    (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, demoCompanyId)).orderBy(asc(webhookDeliveries.id))).map(
      (row) => row.payload as { eventId: string; eventType: string; data: Record<string, unknown> },
    );
  return { tenant, otherCompanyId, a, b, place, run, at, rule, drive, report, incidents, events };
};
