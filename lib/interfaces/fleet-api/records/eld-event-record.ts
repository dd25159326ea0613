import { z } from "zod";
import { ACTIVATION_STATUSES, ELD_RECORD_ORIGINS, ELD_RECORD_STATUSES } from "@/db/schema";
import type { EldEventRow } from "@/lib/hos/eld-events/list-eld-events";
import { externalIdsSchema, idSchema, rfc3339, timestampSchema } from "./common";

const METERS_PER_MILE = 1609.344;
const code = (description: string) => z.number().int().min(0).meta({ description });

/** Samsara's HosEldEventObject: one ELD event record (49 CFR 395 subpart B Appendix A 7) with the codes the rule gives. */
export const hosEldEventSchema = z
  .object({
    time: timestampSchema,
    eldEventType: code("7.25: 1 duty status, 2 intermediate log, 3 PC/YM indication, 4 certification, 5 login/logout, 6 engine power, 7 malfunction."),
    eldEventCode: code("7.20: the event's code within its type (Table 6)."),
    eldEventRecordStatus: code("7.23: 1 active, 2 inactive-changed, 3 inactive-change requested, 4 inactive-change rejected."),
    eldEventRecordOrigin: code("7.22: 1 automatic, 2 driver, 3 another authenticated user, 4 assumed from the unidentified driver profile."),
    accumulatedVehicleMeters: z.number().optional().meta({ description: "In the ignition power-on cycle (7.1); on types 1 to 3." }),
    elapsedEngineHours: z.number().optional().meta({ description: "In the ignition power-on cycle (7.19); on types 1 to 3." }),
    totalVehicleMeters: z.number().optional().meta({ description: "The vehicle's total (7.43): on an engine power-up or shut-down (type 6, 4.5.1.6)." }),
    totalEngineHours: z.number().optional().meta({ description: "The engine's total hours (7.44): on an engine power-up or shut-down (type 6)." }),
    location: z
      .object({ latitude: z.number(), longitude: z.number() })
      .optional()
      .meta({ description: "At the rule's precision: two decimals, one in personal conveyance. Absent without a valid fix." }),
    remark: z.object({ comment: z.string(), locationDescription: z.string(), time: timestampSchema }).optional(),
    vehicle: z.object({ id: idSchema, name: z.string() }).optional(),
  })
  .meta({ id: "HosEldEvent" });

export const hosDriverEldEventsSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    driverActivationStatus: z.enum(ACTIVATION_STATUSES),
    externalIds: externalIdsSchema,
    eldEvents: z.array(hosEldEventSchema),
  })
  .meta({ id: "HosDriverEldEvents" });

export type HosDriverEldEventsRecord = z.infer<typeof hosDriverEldEventsSchema>;

type Driver = { id: number; name: string; activationStatus: (typeof ACTIVATION_STATUSES)[number]; externalIds: Record<string, string> };

/** One driver's ELD records in Samsara's shape (the vehicle named when the record has one). */
export const presentDriverEldEvents = ({
  driver,
  events,
  vehicleNames,
}: {
  driver: Driver;
  events: readonly EldEventRow[];
  vehicleNames: ReadonlyMap<number, string>;
}): HosDriverEldEventsRecord => ({
  id: String(driver.id),
  name: driver.name,
  driverActivationStatus: driver.activationStatus,
  externalIds: driver.externalIds,
  eldEvents: events.map((event) => ({
    time: rfc3339(event.eventAt),
    eldEventType: event.eventType,
    eldEventCode: event.eventCode,
    eldEventRecordStatus: ELD_RECORD_STATUSES.indexOf(event.recordStatus) + 1,
    eldEventRecordOrigin: ELD_RECORD_ORIGINS.indexOf(event.recordOrigin) + 1,
    // A type 6 record holds the vehicle's totals (4.5.1.6(b)), the others what accumulated in the ignition cycle.
    ...(event.accumulatedMiles === null
      ? {}
      : { [event.eventType === 6 ? "totalVehicleMeters" : "accumulatedVehicleMeters"]: Math.round(event.accumulatedMiles * METERS_PER_MILE) }),
    ...(event.elapsedEngineHours === null ? {} : { [event.eventType === 6 ? "totalEngineHours" : "elapsedEngineHours"]: event.elapsedEngineHours }),
    ...(event.latitude === null || event.longitude === null ? {} : { location: { latitude: event.latitude, longitude: event.longitude } }),
    ...(event.comment || event.locationDescription
      ? { remark: { comment: event.comment, locationDescription: event.locationDescription, time: rfc3339(event.createdAt) } }
      : {}),
    ...(event.vehicleId === null ? {} : { vehicle: { id: String(event.vehicleId), name: vehicleNames.get(event.vehicleId) ?? "" } }),
  })),
});
