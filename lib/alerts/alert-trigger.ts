import { z } from "zod";

/**
 * Our rule model: one trigger per rule, small on purpose. Each maps onto one of Samsara's trigger
 * types (`SAMSARA_TRIGGER_TYPE_IDS`), which is how the API reads and writes it.
 */
export type AlertTrigger =
  /** Empty `placeIds`: every place of the tenant. */
  | { type: "placeEntry"; placeIds: number[] }
  | { type: "placeExit"; placeIds: number[] }
  | { type: "placeDwell"; placeIds: number[]; minutes: number }
  | { type: "speeding"; speedKph: number; seconds: number }
  | { type: "idling"; minutes: number }
  | { type: "fuelLow"; percent: number; minutes: number }
  | { type: "deviceSilent"; minutes: number };

export type AlertTriggerType = AlertTrigger["type"];

export const PLACE_TRIGGER_TYPES = ["placeEntry", "placeExit", "placeDwell"] as const;
export const isPlaceTrigger = (trigger: AlertTrigger): trigger is Extract<AlertTrigger, { placeIds: number[] }> => (PLACE_TRIGGER_TYPES as readonly string[]).includes(trigger.type);

/** Samsara's triggerTypeId of each of our trigger types (WorkflowTriggerObjectRequestBody). */
export const SAMSARA_TRIGGER_TYPE_IDS: Record<AlertTriggerType, number> = {
  speeding: 1000,
  fuelLow: 1005,
  placeDwell: 1014,
  idling: 1019,
  deviceSilent: 1030,
  placeEntry: 5016,
  placeExit: 5017,
};

export const ALERT_TRIGGER_LABELS: Record<AlertTriggerType, string> = {
  placeEntry: "Enters a place",
  placeExit: "Leaves a place",
  placeDwell: "Stays in a place too long",
  speeding: "Speeding",
  idling: "Idling",
  fuelLow: "Fuel low",
  deviceSilent: "Device silent",
};

const MINUTE_MS = 60_000;
const placeIds = z.array(z.string().regex(/^\d{1,9}$/, "a numeric address id")).max(1_000).optional();
const location = z.object({ addressIds: placeIds }).loose();
const duration = z.number().int().min(0).max(7 * 24 * 60 * MINUTE_MS);
const positiveDuration = z.number().int().min(MINUTE_MS, "at least one minute").max(7 * 24 * 60 * MINUTE_MS);

/** Samsara's trigger object, as far as this service evaluates it. */
export const samsaraTriggerSchema = z
  .object({
    triggerTypeId: z.number().int(),
    triggerParams: z
      .object({
        geofenceEntry: z.object({ location }).optional(),
        geofenceExit: z.object({ location }).optional(),
        insideGeofence: z.object({ location, minDurationMilliseconds: positiveDuration }).optional(),
        speed: z.object({ operation: z.literal("GREATER", "only GREATER is evaluated"), speedKilometersPerHour: z.number().gt(0).max(400), minDurationMilliseconds: duration }).optional(),
        engineIdle: z.object({ minDurationMilliseconds: positiveDuration }).optional(),
        fuelLevel: z.object({ operation: z.literal("LESS"), fuelLevelPercent: z.number().gt(0).max(100), minDurationMilliseconds: duration }).optional(),
        gatewayDisconnected: z.object({ minDurationMilliseconds: positiveDuration }).optional(),
      })
      .loose()
      .optional(),
  })
  .transform((trigger, context): AlertTrigger => {
    const params = trigger.triggerParams ?? {};
    const ids = (addressIds?: string[]) => (addressIds ?? []).map(Number);
    const missing = (param: string) => {
      context.addIssue({ code: "custom", path: ["triggerParams", param], message: `triggerTypeId ${trigger.triggerTypeId} needs triggerParams.${param}` });
      return z.NEVER;
    };
    switch (trigger.triggerTypeId) {
      case 5016:
        return params.geofenceEntry ? { type: "placeEntry", placeIds: ids(params.geofenceEntry.location.addressIds) } : missing("geofenceEntry");
      case 5017:
        return params.geofenceExit ? { type: "placeExit", placeIds: ids(params.geofenceExit.location.addressIds) } : missing("geofenceExit");
      case 1014:
        return params.insideGeofence ? { type: "placeDwell", placeIds: ids(params.insideGeofence.location.addressIds), minutes: params.insideGeofence.minDurationMilliseconds / MINUTE_MS } : missing("insideGeofence");
      case 1000:
        return params.speed ? { type: "speeding", speedKph: params.speed.speedKilometersPerHour, seconds: params.speed.minDurationMilliseconds / 1000 } : missing("speed");
      case 1019:
        return params.engineIdle ? { type: "idling", minutes: params.engineIdle.minDurationMilliseconds / MINUTE_MS } : missing("engineIdle");
      case 1005:
        return params.fuelLevel ? { type: "fuelLow", percent: params.fuelLevel.fuelLevelPercent, minutes: params.fuelLevel.minDurationMilliseconds / MINUTE_MS } : missing("fuelLevel");
      case 1030:
        return params.gatewayDisconnected ? { type: "deviceSilent", minutes: params.gatewayDisconnected.minDurationMilliseconds / MINUTE_MS } : missing("gatewayDisconnected");
      default:
        context.addIssue({ code: "custom", path: ["triggerTypeId"], message: `trigger type ${trigger.triggerTypeId} is not evaluated by this service (supported: ${Object.values(SAMSARA_TRIGGER_TYPE_IDS).join(", ")})` });
        return z.NEVER;
    }
  });

/** Our trigger as Samsara's trigger object. */
export const toSamsaraTrigger = (trigger: AlertTrigger) => {
  const location = (ids: number[]) => ({ location: ids.length > 0 ? { addressIds: ids.map(String) } : {} });
  const triggerTypeId = SAMSARA_TRIGGER_TYPE_IDS[trigger.type];
  switch (trigger.type) {
    case "placeEntry":
      return { triggerTypeId, triggerParams: { geofenceEntry: location(trigger.placeIds) } };
    case "placeExit":
      return { triggerTypeId, triggerParams: { geofenceExit: location(trigger.placeIds) } };
    case "placeDwell":
      return { triggerTypeId, triggerParams: { insideGeofence: { ...location(trigger.placeIds), minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "speeding":
      return { triggerTypeId, triggerParams: { speed: { operation: "GREATER", speedKilometersPerHour: trigger.speedKph, minDurationMilliseconds: trigger.seconds * 1000 } } };
    case "idling":
      return { triggerTypeId, triggerParams: { engineIdle: { minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "fuelLow":
      return { triggerTypeId, triggerParams: { fuelLevel: { operation: "LESS", fuelLevelPercent: trigger.percent, minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "deviceSilent":
      return { triggerTypeId, triggerParams: { gatewayDisconnected: { minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
  }
};

/** One sentence for the inbox and mail: what the rule watches. */
export const describeTrigger = (trigger: AlertTrigger): string => {
  switch (trigger.type) {
    case "placeEntry":
      return "Entered a place";
    case "placeExit":
      return "Left a place";
    case "placeDwell":
      return `In a place for more than ${trigger.minutes} min`;
    case "speeding":
      return `Over ${trigger.speedKph} km/h for ${trigger.seconds} s`;
    case "idling":
      return `Idling for more than ${trigger.minutes} min`;
    case "fuelLow":
      return `Fuel below ${trigger.percent} %`;
    case "deviceSilent":
      return `No data for more than ${trigger.minutes} min`;
  }
};
