import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { telemetryCheckpoints } from "@/db/schema";
import { alertsProcessor } from "@/lib/processing/alerts/alerts-processor";
import { checkSilentDevices } from "@/lib/processing/alerts/check-silent-devices";
import { updateAlertRule } from "@/lib/processing/alerts/manage-alert-rules";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { createTag } from "@/lib/fleet/tags";
import { useTestDatabase } from "../../helpers/test-database";
import { actor, CENTRE, OUTSIDE, setupAlertTrack } from "./alert-track";

const database = useTestDatabase();

describe("place rules", () => {
  it("open one incident when a vehicle enters, close it when it leaves, and raise Samsara's webhook events", async () => {
    const { a, place, run, rule, drive, incidents, events } = await setupAlertTrack(database().db);
    const entry = await rule({ name: "Arrives at depot", trigger: { type: "placeEntry", placeIds: [place.id] } });
    await drive(a.id, [
      [0, OUTSIDE],
      [10, OUTSIDE],
    ]);
    await run();
    expect(await incidents(entry.id)).toHaveLength(0);
    await drive(a.id, [
      [20, CENTRE, 0],
      [30, CENTRE, 0],
    ]);
    await run();
    const [opened] = await incidents(entry.id);
    expect(opened).toMatchObject({ vehicleId: a.id, placeId: place.id, latitude: CENTRE.latitude, longitude: CENTRE.longitude, endedAt: null });
    const raised = await events();
    expect(raised.map((event) => event.eventType)).toEqual(["AlertIncident", "GeofenceEntry"]);
    expect(raised[0].data).toMatchObject({
      configurationId: String(entry.id),
      isResolved: false,
      conditions: [{ triggerId: 5016, details: { geofenceEntry: { address: { id: String(place.id), name: "Loop depot" }, vehicle: { id: String(a.id) } } } }],
    });
    await drive(a.id, [[40, OUTSIDE]]);
    await run();
    const [closed] = await incidents(entry.id);
    expect(closed.endedAt?.getTime()).toBe(opened.startedAt.getTime() + 20_000);
    expect((await events()).at(-1)).toMatchObject({ eventType: "AlertIncident", data: { isResolved: true } });
  });

  it("open exactly one incident per occurrence across restarts, two runners at once, and resent points", async () => {
    const { db } = database();
    const { a, place, rule, drive, incidents, at } = await setupAlertTrack(db);
    const entry = await rule({ name: "Arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
      [20, CENTRE],
    ]);
    // Two instances at once, each a window of one row at a time (the checkpoint serialises them).
    await Promise.all([
      runTelemetryProcessors({ db, processors: [alertsProcessor], window: 1 }),
      runTelemetryProcessors({ db, processors: [alertsProcessor], window: 1 }),
    ]);
    // The same points again (a device resending), then a fresh runner (a restart: state is in the database).
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
      [20, CENTRE],
    ]);
    await runTelemetryProcessors({ db, processors: [alertsProcessor] });
    const found = await incidents(entry.id);
    expect(found).toHaveLength(1);
    expect(found[0].startedAt).toEqual(at(10));
  });

  it.each([
    { when: "in the process that evaluated the newer one", takeOver: false },
    // The newest times are written only every few seconds: a window that does not start from this process's memory rolls them forward first.
    { when: "after another instance took the tenant over", takeOver: true },
  ])("skip a late point $when: an old position outside does not close or reopen the occurrence", async ({ takeOver }) => {
    const { db } = database();
    const { a, place, run, rule, drive, incidents } = await setupAlertTrack(db);
    const entry = await rule({ name: "Arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    await drive(a.id, [[0, OUTSIDE]]);
    await run();
    await drive(a.id, [[20, CENTRE]]);
    await run();
    // Another instance's window moved the checkpoint: this process's memory no longer applies.
    if (takeOver)
      await db
        .update(telemetryCheckpoints)
        .set({ updatedAt: new Date(Date.now() + 1_000) })
        .where(eq(telemetryCheckpoints.processor, alertsProcessor.name));
    await drive(a.id, [[10, OUTSIDE]]); // late: between the two already evaluated
    await run();
    await drive(a.id, [[30, CENTRE]]);
    await run();
    const found = await incidents(entry.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ placeId: place.id, endedAt: null });
  });

  it("writes the newest times of vehicles seen in earlier windows when they fall due in a window of other vehicles", async () => {
    const { db } = database();
    const { a, b, place, run, rule, drive, incidents } = await setupAlertTrack(db);
    const entry = await rule({ name: "Arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    await drive(a.id, [[0, OUTSIDE]]);
    await run();
    await drive(a.id, [[10, OUTSIDE]]);
    await run();
    // The times fall due (every 10 s) in a window where only b reports: a's come from memory.
    const due = Date.now() + 11_000;
    vi.spyOn(Date, "now").mockImplementation(() => due);
    try {
      await drive(b.id, [
        [15, OUTSIDE],
        [20, CENTRE],
      ]);
      await run();
    } finally {
      vi.restoreAllMocks();
    }
    expect(await incidents(entry.id)).toMatchObject([{ vehicleId: b.id, endedAt: null }]);
  });

  it("exit opens on leaving and closes on return; dwell opens after N minutes inside", async () => {
    const { a, place, run, rule, drive, incidents } = await setupAlertTrack(database().db);
    const exit = await rule({ name: "Leaves", trigger: { type: "placeExit", placeIds: [place.id] } });
    const dwell = await rule({ name: "Lingers", trigger: { type: "placeDwell", placeIds: [place.id], minutes: 5 } });
    await drive(a.id, [
      [0, CENTRE],
      [60, CENTRE],
      [240, CENTRE],
    ]);
    await run();
    expect(await incidents(exit.id)).toHaveLength(0);
    expect(await incidents(dwell.id)).toHaveLength(0);
    await drive(a.id, [
      [300, CENTRE],
      [360, OUTSIDE],
    ]);
    await run();
    const [dwelt] = await incidents(dwell.id);
    expect(dwelt.endedAt).not.toBeNull();
    expect((await incidents(exit.id))[0]).toMatchObject({ endedAt: null, placeId: place.id });
    await drive(a.id, [[420, CENTRE]]);
    await run();
    expect((await incidents(exit.id))[0].endedAt).not.toBeNull();
  });

  it("a rule made while a vehicle is in a place sees no entry; its dwell counts from when the vehicle entered", async () => {
    const { a, place, run, rule, drive, incidents, at } = await setupAlertTrack(database().db);
    await rule({ name: "Something to evaluate", trigger: { type: "speeding", speedKph: 200, seconds: 0 } });
    await drive(a.id, [
      [0, OUTSIDE],
      [60, CENTRE],
    ]);
    await run();
    const entry = await rule({ name: "Arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    const dwell = await rule({ name: "Lingers", trigger: { type: "placeDwell", placeIds: [place.id], minutes: 5 } });
    await drive(a.id, [
      [120, CENTRE],
      [361, CENTRE],
    ]);
    await run();
    expect(await incidents(entry.id)).toHaveLength(0);
    expect(await incidents(dwell.id)).toMatchObject([{ startedAt: at(361), endedAt: null }]);
  });

  it("watch only the listed vehicles", async () => {
    const { a, b, place, run, rule, drive, incidents } = await setupAlertTrack(database().db);
    const entry = await rule({ name: "Only A", trigger: { type: "placeEntry", placeIds: [place.id] }, vehicleIds: [a.id] });
    await drive(b.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await run();
    expect((await incidents(entry.id)).map((incident) => incident.vehicleId)).toEqual([a.id]);
  });

  it("watch the vehicles of a tag and of the tags under it, not the others", async () => {
    const { db } = database();
    const { tenant, a, b, place, run, rule, drive, incidents } = await setupAlertTrack(db);
    const north = await createTag({ db, ...tenant, actor, input: { name: "North" } });
    const depot = await createTag({ db, ...tenant, actor, input: { name: "North depot", parentTagId: String(north.id), vehicles: [String(b.id)] } });
    const entry = await rule({ name: "North arrives", trigger: { type: "placeEntry", placeIds: [place.id] }, tagIds: [north.id] });
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await drive(b.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await run();
    expect((await incidents(entry.id)).map((incident) => incident.vehicleId)).toEqual([b.id]);
    expect(depot.parentTag?.id).toBe(north.id);
  });

  it("give each vehicle the scoped rules that watch it when vehicles are watched by different rules", async () => {
    const { db } = database();
    const { tenant, a, b, place, run, rule, drive, incidents } = await setupAlertTrack(db);
    const both = await createTag({ db, ...tenant, actor, input: { name: "Both", vehicles: [String(a.id), String(b.id)] } });
    const tagged = await rule({ name: "Tagged arrives", trigger: { type: "placeEntry", placeIds: [place.id] }, tagIds: [both.id] });
    const listed = await rule({ name: "B arrives", trigger: { type: "placeEntry", placeIds: [place.id] }, vehicleIds: [b.id] });
    const everyone = await rule({ name: "Anyone arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await drive(b.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await run();
    expect((await incidents(tagged.id)).map((incident) => incident.vehicleId).sort()).toEqual([a.id, b.id].sort());
    expect((await incidents(listed.id)).map((incident) => incident.vehicleId)).toEqual([b.id]);
    expect((await incidents(everyone.id)).map((incident) => incident.vehicleId).sort()).toEqual([a.id, b.id].sort());
  });
});

describe("duration rules", () => {
  it("speeding opens after T seconds over the threshold, not for a shorter burst, and closes below it", async () => {
    const { a, run, rule, drive, incidents } = await setupAlertTrack(database().db);
    const speeding = await rule({ name: "Over 100", trigger: { type: "speeding", speedKph: 100, seconds: 10 } });
    const fast = 30; // 108 km/h
    await drive(a.id, [
      [0, OUTSIDE, fast],
      [5, OUTSIDE, fast],
      [8, OUTSIDE, 20],
    ]);
    await run();
    expect(await incidents(speeding.id)).toHaveLength(0);
    await drive(a.id, [
      [20, OUTSIDE, fast],
      [25, OUTSIDE, fast],
      [31, OUTSIDE, fast],
      [40, OUTSIDE, 10],
    ]);
    await run();
    const found = await incidents(speeding.id);
    expect(found).toHaveLength(1);
    expect(found[0].details).toMatchObject({
      triggerId: 1000,
      value: 108,
      conditionDetails: { speed: { thresholdSpeedKilometersPerHour: 100, currentSpeedKilometersPerHour: 108 } },
    });
    expect(found[0].endedAt).not.toBeNull();
  });

  it("idling opens after N minutes with the engine on and standing, fuel low below X %", async () => {
    const { a, run, rule, report, incidents } = await setupAlertTrack(database().db);
    const idling = await rule({ name: "Idles", trigger: { type: "idling", minutes: 5 } });
    const fuel = await rule({ name: "Fuel", trigger: { type: "fuelLow", percent: 10, minutes: 0 } });
    await report(a.id, [
      [0, { engineState: "On", speed: 0, fuelPercent: 15 }],
      [120, { engineState: "On", speed: 0, fuelPercent: 12 }],
      [301, { engineState: "Idle", speed: 0, fuelPercent: 9 }],
    ]);
    await run();
    expect(await incidents(idling.id)).toHaveLength(1);
    expect(await incidents(fuel.id)).toHaveLength(1);
    await report(a.id, [[400, { engineState: "On", speed: 12, fuelPercent: 60 }]]);
    await run();
    expect((await incidents(idling.id))[0].endedAt).not.toBeNull();
    expect((await incidents(fuel.id))[0].endedAt).not.toBeNull();
  });
});

describe("what the processor remembers", () => {
  it("an edited rule starts afresh: its open incident ends and the next occurrence opens a new one", async () => {
    const { db } = database();
    const { tenant, a, run, rule, drive, incidents } = await setupAlertTrack(db);
    const speeding = await rule({ name: "Over 100", trigger: { type: "speeding", speedKph: 100, seconds: 0 } });
    await drive(a.id, [
      [0, OUTSIDE, 30],
      [10, OUTSIDE, 30],
    ]);
    await run();
    expect(await incidents(speeding.id)).toMatchObject([{ endedAt: null }]);
    await updateAlertRule({ db, ...tenant, ruleId: speeding.id, actor, fields: { trigger: { type: "speeding", speedKph: 90, seconds: 0 } } });
    await drive(a.id, [[20, OUTSIDE, 30]]);
    await run();
    const found = await incidents(speeding.id);
    expect(found).toHaveLength(2);
    expect(found[0].endedAt).not.toBeNull();
    expect(found[1]).toMatchObject({ endedAt: null, details: { value: 108 } });
  });

  it("a window whose transaction fails leaves nothing behind: the next run opens the incident once", async () => {
    const { db } = database();
    const { a, place, run, rule, drive, incidents, events } = await setupAlertTrack(db);
    const entry = await rule({ name: "Arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    await drive(a.id, [[0, OUTSIDE]]);
    await run();
    await drive(a.id, [[10, CENTRE]]);
    const failing = {
      ...alertsProcessor,
      process: async (options: Parameters<typeof alertsProcessor.process>[0]) => {
        await alertsProcessor.process(options);
        throw new Error("the instance died before committing");
      },
    };
    await expect(runTelemetryProcessors({ db, processors: [failing] })).rejects.toThrow("died");
    expect(await incidents(entry.id)).toHaveLength(0);
    await run();
    expect(await incidents(entry.id)).toHaveLength(1);
    // Every track adds a receiver to the same seeded company: one event is a delivery to each.
    const entries = (await events()).filter((event) => event.eventType === "GeofenceEntry" && (event.data.address as { id: string }).id === String(place.id));
    expect(new Set(entries.map((event) => event.eventId)).size).toBe(1);
  });
});

describe("device silent", () => {
  it("the periodic check opens one incident for a quiet device in the rule's scope; its next point closes it", async () => {
    const { db } = database();
    const { a, b, run, rule, drive, incidents, at } = await setupAlertTrack(db);
    const silent = await rule({ name: "Quiet", trigger: { type: "deviceSilent", minutes: 15 }, vehicleIds: [a.id] });
    await drive(b.id, [[0, OUTSIDE]]);
    await drive(a.id, [[0, OUTSIDE]]);
    await run();
    expect(await checkSilentDevices({ db, now: at(10 * 60) })).toBe(0);
    await Promise.all([checkSilentDevices({ db, now: at(20 * 60) }), checkSilentDevices({ db, now: at(20 * 60) })]);
    expect(await checkSilentDevices({ db, now: at(30 * 60) })).toBe(0);
    const [opened] = await incidents(silent.id);
    expect(opened.startedAt).toEqual(at(15 * 60));
    expect(await incidents(silent.id)).toHaveLength(1);
    await drive(a.id, [[40 * 60, OUTSIDE]]);
    await run();
    expect((await incidents(silent.id))[0].endedAt).toEqual(at(40 * 60));
  });
});
