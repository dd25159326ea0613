import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { dutyStatusEventDrafts } from "@/lib/hos/eld-events/duty-status-events";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import {
  alertIncidents,
  alertRules,
  contacts,
  deviceCommands,
  deviceLookups,
  devices,
  drivers,
  driverVehicleAssignments,
  faultCodes,
  hosLogs,
  idlingEvents,
  liveShares,
  places,
  speedingIntervals,
  tagDrivers,
  tags,
  tagVehicles,
  trailerAssignments,
  trips,
  users,
  vehicles,
  webhooks,
  workOrders,
} from "@/db/schema";
import { generateShareToken, hashShareToken } from "@/lib/live/shares/share-token";
import { listDefectTypes, signDvirReview, submitDvir, uploadDefectPhoto } from "@/lib/fleet/inspections";
import { operatorActor } from "@/lib/platform/audit";
import { createProposal } from "@/lib/fleet/assignments";
import { createProgram } from "@/lib/processing/maintenance";
import { createTestApiKey } from "./api-keys";
import { seedTestCompanies, tenantIds } from "./seeded";
import { writeTelemetry } from "./telemetry";
import { ingestTelemetry } from "@/lib/telemetry/store";

export const HOUR_MS = 3_600_000;

/** Each tenant's first driver drives its first vehicle from this instant on (an open assignment). */
export const FIXTURE_ASSIGNMENT_START = "2020-01-01T00:00:00.000Z";

/**
 * Demo Fleet (live + sandbox) and Other Fleet with keys, an hour of telemetry per vehicle (a position
 * and a stats sample every 10 minutes ending `now`), one J1939 and one OBD-II fault code on the first
 * vehicle, a duty-status log (10 h driving) for the first driver of each tenant, and that driver's
 * open assignment to the first vehicle. Forty trailers each (the route matrix deletes one per call): the
 * first following the first vehicle, with its odometer, assigned to the first driver an hour ago; the
 * third assigned to the second driver.
 */
export const setupFleetFixture = async ({ db, liveVehicles = 6, now = new Date() }: { db: Database; liveVehicles?: number; now?: Date }) => {
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles });
  const tenants = [
    { companyId: demoCompanyId, dataset: "live" as const },
    { companyId: demoCompanyId, dataset: "test" as const },
    { companyId: otherCompanyId, dataset: "live" as const },
  ];
  const ids = [];
  for (const tenant of tenants) {
    const vehicleIds = await tenantIds({ db, table: vehicles, ...tenant });
    const driverIds = await tenantIds({ db, table: drivers, ...tenant });
    const times = Array.from({ length: 6 }, (_, i) => new Date(now.getTime() - (5 - i) * 10 * 60_000));
    await writeTelemetry({
      db,
      ...tenant,
      positions: vehicleIds.flatMap((vehicleId, v) =>
        times.map((time, i) => ({ vehicleId, time, latitude: 41.8 + v * 0.01 + i * 0.001, longitude: -87.6 - i * 0.001, speed: 10 + i, heading: 90 })),
      ),
      stats: vehicleIds.flatMap((vehicleId) =>
        times.map((time, i) => ({
          vehicleId,
          time,
          engineRpm: 1200 + i * 10,
          fuelPercent: 80 - i,
          odometerMeters: 100_000 + i * 6000,
          engineSeconds: 36_000 + i * 600,
          speed: 10 + i,
          engineState: "On" as const,
          batteryMilliVolts: 12_600 + i * 20,
          engineCoolantTemperatureMilliC: 85_000 + i * 1000,
          ambientAirTemperatureMilliC: 21_500,
          engineLoadPercent: 40 + i,
          defLevelMilliPercent: 80_000 - i * 500,
          gpsOdometerMeters: 250_000 + i * 6000,
          fuelConsumedMilliliters: 1_000_000 + i * 2500,
          // Digital input 1 switched on at the fourth sample; input 2 off throughout; input 3 never reported.
          auxInput1: i >= 3,
          auxInput2: false,
        })),
      ),
    });
    // A harsh brake the last vehicle's device reported (safety events: /safety-events).
    await ingestTelemetry({
      db,
      batch: {
        events: [{ ...tenant, vehicleId: vehicleIds.at(-1)!, time: times[2], kind: "harshBraking", peakG: 0.5, latitude: 41.85, longitude: -87.65, speed: 12 }],
      },
    });
    await db.insert(faultCodes).values([
      {
        ...tenant,
        vehicleId: vehicleIds[0],
        protocol: "j1939",
        spnId: 110,
        fmiId: 0,
        sourceAddress: 0,
        description: "Engine coolant temperature high",
        firstSeenAt: times[0],
        lastSeenAt: times[5],
      },
      {
        ...tenant,
        vehicleId: vehicleIds[0],
        protocol: "obdii",
        dtcShortCode: "P0128",
        description: "Coolant thermostat",
        firstSeenAt: times[1],
        lastSeenAt: times[4],
      },
    ]);
    // The last vehicle's tracker is a Teltonika, which takes commands (engine immobilizer).
    await db
      .update(devices)
      .set({ model: "teltonika" })
      .where(and(eq(devices.companyId, tenant.companyId), eq(devices.dataset, tenant.dataset), eq(devices.vehicleId, vehicleIds.at(-1)!)));
    // ...and it confirmed an engine stop an hour ago.
    await db.insert(deviceCommands).values({
      ...tenant,
      vehicleId: vehicleIds.at(-1)!,
      deviceIdentifier: `fixture-${tenant.dataset}-${vehicleIds.at(-1)}`,
      protocol: "teltonika",
      kind: "engineStop",
      text: "setdigout 1",
      status: "answered",
      requestedByType: "operator",
      requestedByName: "fixture",
      answer: "DOUT1:1 DOUT2:0",
      sentAt: new Date(now.getTime() - HOUR_MS),
      answeredAt: new Date(now.getTime() - HOUR_MS),
    });
    const shiftStart = now.getTime() - 12 * HOUR_MS;
    const log = await db
      .insert(hosLogs)
      .values([
        { ...tenant, driverId: driverIds[0], vehicleId: vehicleIds[0], status: "onDuty", startTime: new Date(shiftStart) },
        {
          ...tenant,
          driverId: driverIds[0],
          vehicleId: vehicleIds[0],
          status: "driving",
          startTime: new Date(shiftStart + HOUR_MS / 2),
          latitude: 41.8,
          longitude: -87.6,
        },
        { ...tenant, driverId: driverIds[0], vehicleId: vehicleIds[0], status: "offDuty", startTime: new Date(shiftStart + 10.5 * HOUR_MS) },
      ])
      .returning();
    // Their ELD records, as the logbook writes them (the driving automatic).
    await recordEldEvents({
      db,
      ...tenant,
      drafts: log.flatMap((entry, index) =>
        dutyStatusEventDrafts({ entry, previousStatus: log[index - 1]?.status ?? null, origin: entry.status === "driving" ? "automatic" : "driver" }),
      ),
    });
    await db
      .insert(driverVehicleAssignments)
      .values({ ...tenant, driverId: driverIds[0], vehicleId: vehicleIds[0], startTime: new Date(FIXTURE_ASSIGNMENT_START), source: "api" });
    // A detected trip (with a speeding interval) and an idle: the trip processor's outputs, as the telemetry above leaves the trip open.
    const where = { latitude: 41.8, longitude: -87.6 };
    const tripStart = now.getTime() - 3 * HOUR_MS;
    await db.insert(trips).values({
      ...tenant,
      vehicleId: vehicleIds[0],
      driverId: driverIds[0],
      startTime: new Date(tripStart),
      endTime: new Date(tripStart + HOUR_MS / 2),
      startLatitude: 41.8,
      startLongitude: -87.6,
      startAddress: "105 S State St, Chicago, IL",
      endLatitude: 41.9,
      endLongitude: -87.6,
      endAddress: "1800 N Western Ave, Chicago, IL",
      distanceMeters: 25_000,
      maxSpeed: 36,
      fuelUsedPercent: 2,
    });
    await db.insert(speedingIntervals).values({
      ...tenant,
      vehicleId: vehicleIds[0],
      driverId: driverIds[0],
      startTime: new Date(tripStart + 600_000),
      endTime: new Date(tripStart + 660_000),
      maxSpeed: 36,
      thresholdSpeed: 33.3,
      ...where,
      address: "105 S State St, Chicago, IL",
    });
    await db.insert(idlingEvents).values({
      ...tenant,
      vehicleId: vehicleIds[0],
      driverId: driverIds[0],
      startTime: new Date(tripStart + HOUR_MS),
      endTime: new Date(tripStart + 1.2 * HOUR_MS),
      ...where,
      address: "105 S State St, Chicago, IL",
      fuelUsedPercent: 0.5,
    });
    const userIds = (
      await db
        .insert(users)
        // Invited dispatchers (no password to hash); forty, as the route matrix deactivates a fresh one per call.
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            companyId: tenant.companyId,
            email: `person-${n}.${tenant.companyId}.${tenant.dataset}@fixture.test`,
            name: `Person ${n}`,
            role: "dispatcher" as const,
            status: "invited" as const,
          })),
        )
        .returning({ id: users.id })
    ).map((row) => row.id);
    const liveShareIds = (
      await db
        .insert(liveShares)
        // Forty, as webhooks: the route matrix revokes a fresh one per call.
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            ...tenant,
            name: `Link ${n}`,
            vehicleId: vehicleIds[0],
            tokenHash: hashShareToken(generateShareToken(tenant.companyId)),
            tokenStart: `${tenant.companyId}_link`,
          })),
        )
        .returning({ id: liveShares.id })
    ).map((row) => row.id);
    // Forty unbound devices: the route matrix deactivates a fresh one per call.
    const spareSerials = Array.from({ length: 40 }, (_, n) => `spare-${tenant.companyId}-${tenant.dataset}-${n}`);
    await db.insert(devices).values(spareSerials.map((identifier) => ({ ...tenant, identifier, model: "other" as const })));
    await db.insert(deviceLookups).values(spareSerials.map((deviceId) => ({ ...tenant, deviceId, vehicleId: null })));
    // Forty as well: the matrix deletes a fresh tag per call. The first carries the first two vehicles and drivers.
    const tagIds = (
      await db
        .insert(tags)
        .values(Array.from({ length: 40 }, (_, n) => ({ ...tenant, name: `Fixture tag ${n}` })))
        .returning({ id: tags.id })
    ).map((row) => row.id);
    await db.insert(tagVehicles).values(vehicleIds.slice(0, 2).map((vehicleId) => ({ companyId: tenant.companyId, tagId: tagIds[0], vehicleId })));
    await db.insert(tagDrivers).values(driverIds.slice(0, 2).map((driverId) => ({ companyId: tenant.companyId, tagId: tagIds[0], driverId })));
    // Forty drivers without history too: the matrix deletes a fresh one per call (a driver with history is kept, 409).
    const spareDriverIds = (
      await db
        .insert(drivers)
        .values(Array.from({ length: 40 }, (_, n) => ({ ...tenant, name: `Spare driver ${n}`, username: `spare.${tenant.companyId}.${tenant.dataset}.${n}` })))
        .returning({ id: drivers.id })
    ).map((row) => row.id);
    // Forty places, alert rules and contacts too, for the same reason.
    const box = { latitude: 41.9, longitude: -87.6, radiusMeters: 100, minLatitude: 41.899, maxLatitude: 41.901, minLongitude: -87.601, maxLongitude: -87.599 };
    const placeIds = (
      await db
        .insert(places)
        .values(Array.from({ length: 40 }, (_, n) => ({ ...tenant, ...box, name: `Site ${n}`, formattedAddress: `${n} N State St, Chicago` })))
        .returning({ id: places.id })
    ).map((row) => row.id);
    const alertRuleIds = (
      await db
        .insert(alertRules)
        .values(Array.from({ length: 40 }, (_, n) => ({ ...tenant, name: `Rule ${n}`, trigger: { type: "speeding", speedKph: 100 + n, seconds: 10 } })))
        .returning({ id: alertRules.id })
    ).map((row) => row.id);
    const contactIds = (
      await db
        .insert(contacts)
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            ...tenant,
            firstName: "Contact",
            lastName: String(n),
            email: `contact-${n}.${tenant.companyId}.${tenant.dataset}@fixture.test`,
          })),
        )
        .returning({ id: contacts.id })
    ).map((row) => row.id);
    await db.insert(alertIncidents).values({
      ...tenant,
      ruleId: alertRuleIds[0],
      vehicleId: vehicleIds[0],
      startedAt: times[2],
      details: {
        triggerId: 1000,
        description: "Over 100 km/h for 10 s",
        conditionDetails: {
          speed: {
            operation: "GREATER",
            thresholdSpeedKilometersPerHour: 100,
            minDurationMilliseconds: 10_000,
            currentSpeedKilometersPerHour: 112,
            vehicle: { id: String(vehicleIds[0]), name: "Vehicle", serial: "" },
          },
        },
      },
    });
    // Inspection reports: two unsafe ones of the first vehicle, two defects each (the checklist's first types).
    const defectTypeIds = (await listDefectTypes({ db, ...tenant })).map((type) => type.id);
    const dvirIds: number[] = [];
    const defectIds: number[] = [];
    // A photo of the first report's first defect (a JPEG's first bytes: the store keeps what it is sent).
    const photo = await uploadDefectPhoto({ db, ...tenant, driverId: driverIds[0], bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]) });
    const photoIds = [photo.id];
    for (const type of ["preTrip", "postTrip"] as const) {
      const dvir = await submitDvir({
        db,
        ...tenant,
        author: { type: "driver", driverId: driverIds[0] },
        actor: operatorActor("fixture"),
        input: {
          type,
          vehicleId: vehicleIds[0],
          safetyStatus: "unsafe",
          signatureName: "Fixture Driver",
          defects: defectTypeIds
            .slice(0, 2)
            .map((defectTypeId, index) => ({ defectTypeId, comment: `${type} defect`, photoIds: type === "preTrip" && index === 0 ? photoIds : [] })),
        },
      });
      dvirIds.push(dvir.id);
      defectIds.push(...dvir.defects.map((defect) => defect.id));
    }
    // The next driver's review of the first report (Samsara's secondSignature).
    await signDvirReview({ db, ...tenant, dvirId: dvirIds[0], driverId: driverIds[1], signatureName: "Fixture Next Driver", actor: operatorActor("fixture") });
    // A maintenance program on the first vehicle (Samsara's service task), and forty open work orders (the
    // route matrix deletes one per call): the first for the program's service with labour and parts, the
    // second for the first report's first defect, the others by hand.
    const program = await createProgram({
      db,
      ...tenant,
      actor: operatorActor("fixture"),
      input: { name: "Oil change", intervalMeters: 25_000_000, intervalEngineHours: 500, intervalMonths: 6, vehicleIds: [vehicleIds[0]], tagIds: [] },
    });
    const programIds = [program.id];
    const workOrderIds = (
      await db
        .insert(workOrders)
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            ...tenant,
            vehicleId: vehicleIds[0],
            description: `Work order ${n}`,
            ...(n === 0
              ? {
                  sourceType: "scheduledMaintenance" as const,
                  sourceId: program.id,
                  lines: [
                    { kind: "labor" as const, description: "Oil change", quantity: 1.5, unitCostCents: 8000 },
                    { kind: "part" as const, description: "Oil filter", quantity: 2, unitCostCents: 1250 },
                  ],
                }
              : n === 1
                ? { sourceType: "dvirDefect" as const, sourceId: defectIds[0] }
                : {}),
          })),
        )
        .returning({ id: workOrders.id })
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    // After the inspection reports: their DvirSubmitted events would be pending deliveries to these.
    const webhookIds = (
      await db
        .insert(webhooks)
        // Forty: the route matrix deletes a fresh one per call.
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            ...tenant,
            name: `Receiver ${n}`,
            url: `https://receiver-${n}.example.invalid/hook`,
            secretKey: Buffer.from(`secret-${n}`).toString("base64"),
            version: "2024-02-27",
          })),
        )
        .returning({ id: webhooks.id })
    ).map((row) => row.id);
    // A vehicle proposed to the last driver (carrier-proposed assignments).
    await createProposal({
      db,
      ...tenant,
      actor: operatorActor("fixture"),
      input: { driverId: driverIds.at(-1)!, vehicleId: vehicleIds.at(-1)!, activeTime: new Date(0), trailerNames: [], shippingDocs: null },
    });
    const trailerIds = (
      await db
        .insert(vehicles)
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            ...tenant,
            assetKind: "trailer" as const,
            name: `Trailer ${n}`,
            vin: `TRL-${tenant.companyId}-${tenant.dataset}-${n}`,
            typeId: 0,
            typeName: "Trailer",
          })),
        )
        .returning({ id: vehicles.id })
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    await writeTelemetry({
      db,
      ...tenant,
      positions: times.map((time, i) => ({
        vehicleId: trailerIds[0],
        time,
        latitude: 41.8 + i * 0.001,
        longitude: -87.6 - i * 0.001,
        speed: 10 + i,
        heading: 90,
      })),
      stats: times.map((time, i) => ({ vehicleId: trailerIds[0], time, odometerMeters: 500_000 + i * 6000 })),
    });
    const trailerAssignmentIds = (
      await db
        .insert(trailerAssignments)
        .values([
          { ...tenant, trailerId: trailerIds[0], driverId: driverIds[0], startTime: new Date(now.getTime() - HOUR_MS), source: "api" as const },
          { ...tenant, trailerId: trailerIds[2], driverId: driverIds[1], startTime: new Date(now.getTime() - HOUR_MS), source: "api" as const },
        ])
        .returning({ id: trailerAssignments.id })
    ).map((row) => row.id);
    ids.push({
      ...tenant,
      vehicleIds,
      trailerIds,
      trailerAssignmentIds,
      driverIds,
      spareDriverIds,
      webhookIds,
      userIds,
      liveShareIds,
      spareSerials,
      tagIds,
      placeIds,
      alertRuleIds,
      contactIds,
      defectTypeIds,
      dvirIds,
      defectIds,
      photoIds,
      programIds,
      workOrderIds,
    });
  }
  const [demo, sandbox, other] = ids;
  const demoKey = await createTestApiKey({ db, companyId: demoCompanyId });
  const sandboxKey = await createTestApiKey({ db, companyId: demoCompanyId, environment: "test" });
  const otherKey = await createTestApiKey({ db, companyId: otherCompanyId });
  return { demo: { ...demo, key: demoKey.key }, sandbox: { ...sandbox, key: sandboxKey.key }, other: { ...other, key: otherKey.key }, now };
};

export type FleetFixture = Awaited<ReturnType<typeof setupFleetFixture>>;
