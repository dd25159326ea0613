import { describe, expect, it } from "vitest";
import type { SafetyEventKind } from "@/db/schema";
import type { Database } from "@/db/client";
import { trackerTelemetry } from "@/lib/ingestion/trackers/tracker-telemetry";
import type { TrackerRecord } from "@/lib/ingestion/trackers/tracker-record";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { useTestDatabase } from "../../helpers/test-database";
import { CITY_STOP, speedTrack } from "../../helpers/speed-track";
import { writeTelemetry } from "../../helpers/telemetry";
import { harshEventsProcessor } from "@/lib/processing/safety-events/harsh-events-processor";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { listSafetyEvents } from "@/lib/processing/safety-events/list-safety-events";
import { CENTRE, setupAlertTrack } from "./alert-track";

const database = useTestDatabase();

/** A tracker packet through the ingestion path (trackerTelemetry → ingestTelemetry), as a Teltonika session sends it. */
const trackerPacket = (db: Database, tenant: { companyId: number; dataset: "live" }) => async (vehicleId: number, records: TrackerRecord[]) => {
  const batch = trackerTelemetry({ vehicle: { ...tenant, vehicleId }, records, now: new Date() });
  await ingestTelemetry({ db, batch });
};
const harsh = (time: Date, kind: SafetyEventKind, g?: number): TrackerRecord => ({
  time,
  fix: { ...CENTRE, speedKmh: 40, heading: 90 },
  io: { ignition: true },
  events: [{ kind, ...(g === undefined ? {} : { g }) }],
});

describe("the harsh-event alert (Samsara's trigger 1023)", () => {
  it("opens an incident, resolved at once, for a tracker-reported harsh brake on a watched vehicle; none for another kind or vehicle", async () => {
    const { db } = database();
    const { tenant, a, b, run, at, rule, incidents, events } = await setupAlertTrack(db);
    const send = trackerPacket(db, tenant);
    const braking = await rule({ name: "Harsh braking", trigger: { type: "harshEvent", kinds: ["harshBraking"], minSeverity: null }, vehicleIds: [a.id] });
    await send(a.id, [harsh(at(0), "harshAcceleration", 0.5)]);
    await send(b.id, [harsh(at(5), "harshBraking", 0.5)]);
    await run();
    expect(await incidents(braking.id)).toHaveLength(0);
    await send(a.id, [harsh(at(10), "harshBraking", 0.45)]);
    await run();
    const [incident] = await incidents(braking.id);
    expect(incident).toMatchObject({ vehicleId: a.id, startedAt: at(10), endedAt: at(10), latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    expect(incident.details).toMatchObject({ triggerId: 1023, description: "Harsh event: Harsh braking, moderate (0.45 g)" });
    const raised = (await events()).filter((event) => event.eventType === "AlertIncident");
    expect(raised.map((event) => event.data.isResolved)).toEqual([false, true]);
    expect(raised[0].data).toMatchObject({
      configurationId: String(braking.id),
      conditions: [{ triggerId: 1023, details: { harshEvent: { vehicle: { id: String(a.id) } } } }],
    });
    // The device resends the packet (no acknowledgement reached it): stored once, alerted once.
    await send(a.id, [harsh(at(10), "harshBraking", 0.45)]);
    await run();
    expect(await incidents(braking.id)).toHaveLength(1);
  });

  it("keeps to the minimum severity, and alerts a crash the device reported without a fix (its record's readings carry it)", async () => {
    const { db } = database();
    const { tenant, a, run, at, rule, incidents } = await setupAlertTrack(db);
    const send = trackerPacket(db, tenant);
    const severe = await rule({
      name: "Severe events",
      trigger: { type: "harshEvent", kinds: ["harshBraking", "harshCornering", "crash"], minSeverity: "severe" },
    });
    await send(a.id, [harsh(at(0), "harshBraking", 0.5), harsh(at(10), "harshCornering"), harsh(at(20), "harshBraking", 0.8)]);
    await send(a.id, [{ time: at(30), io: { ignition: true }, events: [{ kind: "crash" }] }]);
    await run();
    const found = await incidents(severe.id);
    expect(found.map((incident) => [incident.startedAt, (incident.details as { description: string }).description])).toEqual([
      [at(20), "Harsh event: Harsh braking, severe (0.80 g)"],
      [at(30), "Harsh event: Crash, severe"],
    ]);
    // The crash had no fix: the incident is where the vehicle last was.
    expect(found[1]).toMatchObject({ latitude: CENTRE.latitude, longitude: CENTRE.longitude });
  });

  it("alerts a braking computed from a vehicle's speeds as the stored computed event is, and not a device's braking twice", async () => {
    const { db } = database();
    const { tenant, a, b, run, at, rule, incidents } = await setupAlertTrack(db);
    const braking = await rule({ name: "Harsh braking", trigger: { type: "harshEvent", kinds: ["harshBraking"], minSeverity: "moderate" } });
    await writeTelemetry({ db, ...tenant, positions: speedTrack(a.id, at(0), CENTRE, CITY_STOP) });
    // B's device reports the braking its fixes show: one incident, the device's.
    await ingestTelemetry({
      db,
      batch: {
        positions: speedTrack(b.id, at(0), CENTRE, CITY_STOP).map((fix) => ({ ...fix, ...tenant })),
        events: [{ ...tenant, vehicleId: b.id, time: at(4), kind: "harshBraking", peakG: 0.55 }],
      },
    });
    await run();
    await runTelemetryProcessors({ db, processors: [harshEventsProcessor] });
    const found = await incidents(braking.id);
    expect(found.map(({ vehicleId, startedAt, details }) => [vehicleId, startedAt, (details as { description: string }).description])).toEqual([
      [a.id, at(3), "Harsh event: Harsh braking, moderate (0.51 g)"],
      [b.id, at(4), "Harsh event: Harsh braking, moderate (0.55 g)"],
    ]);
    const stored = await listSafetyEvents({ db, ...tenant, by: "time", range: { start: at(0), end: at(60) }, limit: 10 });
    const byVehicleAndTime = stored.sort((x, y) => x.vehicleId - y.vehicleId || x.time.getTime() - y.time.getTime());
    expect(byVehicleAndTime.map(({ vehicleId, time, kind, source }) => [vehicleId, time, kind, source])).toEqual([
      [a.id, at(3), "harshBraking", "computed"],
      [a.id, at(8), "harshAcceleration", "computed"],
      [b.id, at(4), "harshBraking", "device"],
      [b.id, at(8), "harshAcceleration", "computed"],
    ]);
  });
});
