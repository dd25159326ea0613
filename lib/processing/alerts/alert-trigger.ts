import { z } from "zod";
import { convertSpeed, SPEED_UNIT_LABELS, type DistanceUnit } from "@/lib/platform/units";
import { describeHarshEvent, harshEventParamsSchema, harshEventTriggerOf, toSamsaraHarshEvent, type HarshEventTrigger } from "./harsh-event-trigger";

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
  | { type: "deviceSilent"; minutes: number }
  /** Engine on (or idling) for N minutes: with working hours (operational settings), use out of hours. */
  | { type: "engineOn"; minutes: number }
  /** A fault code becoming active: any (`codes` empty, `milOnly` false), listed codes, or those lighting the MIL. */
  | { type: "faultCode"; codes: FaultCodeChoice[]; milOnly: boolean }
  /** A driver on duty with at most N minutes left on an HOS clock (0: the violation itself). */
  | { type: "hosTimeLeft"; clock: HosAlertClock; minutes: number }
  /** A vehicle whose last trip ended N minutes ago without a post-trip inspection since it began (49 CFR 396.11). */
  | { type: "missingDvir"; minutes: number }
  /** A vehicle on a preventive maintenance program whose service is overdue, or due soon too (lib/processing/maintenance). */
  | { type: "maintenanceDue"; includeDueSoon: boolean }
  /** A safety event (harsh driving, crash) a vehicle's device reported (harsh-event-trigger.ts). */
  | HarshEventTrigger;

/** Samsara's names for the clocks its HOS violation trigger watches, as far as our engine keeps them. */
export const HOS_ALERT_CLOCKS = ["ShiftDrivingHours", "ShiftHours", "CycleHoursOn", "RestbreakMissed"] as const;
export type HosAlertClock = (typeof HOS_ALERT_CLOCKS)[number];

export const FAULT_CODE_TYPES = ["J1939_SPN", "J1939_DTC", "PASSENGER_DTC"] as const;
/** Samsara's specific fault code: an SPN ("100"), an SPN and FMI ("100-1"), or an OBD-II code ("P0300"). */
export type FaultCodeChoice = { faultCode: string; type: (typeof FAULT_CODE_TYPES)[number] };

/** A code as a person types it: "P0300" (OBD-II), "100-1" (J1939 SPN-FMI) or "100" (SPN); undefined when it is none of these. */
export const faultCodeChoiceOf = (text: string): FaultCodeChoice | undefined => {
  const code = text.trim().toUpperCase();
  if (/^[PCBU][0-9A-F]{4}$/.test(code)) return { faultCode: code, type: "PASSENGER_DTC" };
  if (/^\d{1,7}-\d{1,2}$/.test(code)) return { faultCode: code, type: "J1939_DTC" };
  if (/^\d{1,7}$/.test(code)) return { faultCode: code, type: "J1939_SPN" };
  return undefined;
};

export type AlertTriggerType = AlertTrigger["type"];

/** Triggers on what the database holds rather than on telemetry: checked periodically (check-condition-rules.ts), not by the alerts processor. */
export const CONDITION_TRIGGER_TYPES = ["faultCode", "hosTimeLeft", "missingDvir", "maintenanceDue"] as const satisfies readonly AlertTriggerType[];

export const PLACE_TRIGGER_TYPES = ["placeEntry", "placeExit", "placeDwell"] as const;
export const isPlaceTrigger = (trigger: AlertTrigger): trigger is Extract<AlertTrigger, { placeIds: number[] }> =>
  (PLACE_TRIGGER_TYPES as readonly string[]).includes(trigger.type);

/**
 * Samsara's triggerTypeId of each of our trigger types (WorkflowTriggerObjectRequestBody). Samsara's alerts
 * have no missing-inspection trigger (only its MissingDvirPastDue event): ours takes an id outside Samsara's
 * ranges, with `triggerParams.missingDvir` (docs/decisions.md, "The missing-DVIR alert"); its maintenance alerts
 * are a product of their own, so ours for a service due takes the next, with `triggerParams.maintenanceDue`
 * (docs/decisions.md, "Preventive maintenance"). The harsh-event trigger is Samsara's Harsh Event (1023, which
 * Samsara lists as deprecated beside its camera-based safety-event triggers; docs/decisions.md, "The harsh-event alert").
 */
export const SAMSARA_TRIGGER_TYPE_IDS: Record<AlertTriggerType, number> = {
  speeding: 1000,
  fuelLow: 1005,
  placeDwell: 1014,
  idling: 1019,
  deviceSilent: 1030,
  placeEntry: 5016,
  placeExit: 5017,
  engineOn: 1021,
  faultCode: 1029,
  hosTimeLeft: 1018,
  missingDvir: 90_001,
  maintenanceDue: 90_002,
  harshEvent: 1023,
};

export const ALERT_TRIGGER_LABELS: Record<AlertTriggerType, string> = {
  placeEntry: "Enters a place",
  placeExit: "Leaves a place",
  placeDwell: "Stays in a place too long",
  speeding: "Speeding",
  idling: "Idling",
  fuelLow: "Fuel low",
  deviceSilent: "Device silent",
  engineOn: "Engine on",
  faultCode: "Fault code",
  hosTimeLeft: "HOS time running out",
  missingDvir: "No post-trip inspection",
  maintenanceDue: "Maintenance due",
  harshEvent: "Harsh event",
};

export const HOS_CLOCK_LABELS: Record<HosAlertClock, string> = {
  ShiftDrivingHours: "Driving (11 h)",
  ShiftHours: "Shift (14 h)",
  CycleHoursOn: "Cycle (60/70 h)",
  RestbreakMissed: "Break (30 min after 8 h driving)",
};

const MINUTE_MS = 60_000;
const placeIds = z
  .array(z.string().regex(/^\d{1,9}$/, "a numeric address id"))
  .max(1_000)
  .optional();
const location = z.object({ addressIds: placeIds }).loose();
const duration = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 60 * MINUTE_MS);
const positiveDuration = z
  .number()
  .int()
  .min(MINUTE_MS, "at least one minute")
  .max(7 * 24 * 60 * MINUTE_MS);
const faultCodeChoice = z.object({ faultCode: z.string().trim().min(1).max(32).toUpperCase(), type: z.enum(FAULT_CODE_TYPES) });
/** The lamp groups our fault codes cannot tell apart (only the MIL is stored) are refused, not ignored. */
const unevaluatedLamp = z.literal(false, "only hasAnyFaultCodes, hasAnyMalfunctionIndicatorLampCodes and specificFaultCodes are evaluated").optional();
const vehicleFaultCodeParams = z
  .object({
    hasAnyFaultCodes: z.boolean().optional(),
    hasAnyMalfunctionIndicatorLampCodes: z.boolean().optional(),
    specificFaultCodes: z.array(faultCodeChoice).max(100).optional(),
    hasAnyAmberWarningLampCodes: unevaluatedLamp,
    hasAnyProtectionLampCodes: unevaluatedLamp,
    hasAnyRedStopLampCodes: unevaluatedLamp,
    hasAnyTrailerAbsLampCodes: unevaluatedLamp,
  })
  .loose()
  .refine(
    (params) => params.hasAnyFaultCodes || params.hasAnyMalfunctionIndicatorLampCodes || (params.specificFaultCodes?.length ?? 0) > 0,
    "select at least one fault code or fault code group",
  );

/** Samsara's trigger object, as far as this service evaluates it. */
export const samsaraTriggerSchema = z
  .object({
    triggerTypeId: z.number().int(),
    triggerParams: z
      .object({
        geofenceEntry: z.object({ location }).optional(),
        geofenceExit: z.object({ location }).optional(),
        insideGeofence: z.object({ location, minDurationMilliseconds: positiveDuration }).optional(),
        speed: z
          .object({
            operation: z.literal("GREATER", "only GREATER is evaluated"),
            speedKilometersPerHour: z.number().gt(0).max(400),
            minDurationMilliseconds: duration,
          })
          .optional(),
        engineIdle: z.object({ minDurationMilliseconds: positiveDuration }).optional(),
        fuelLevel: z.object({ operation: z.literal("LESS"), fuelLevelPercent: z.number().gt(0).max(100), minDurationMilliseconds: duration }).optional(),
        gatewayDisconnected: z.object({ minDurationMilliseconds: positiveDuration }).optional(),
        engineOn: z.object({ minDurationMilliseconds: duration }).optional(),
        vehicleFaultCode: vehicleFaultCodeParams.optional(),
        hosViolation: z
          .object({
            violation: z.enum(HOS_ALERT_CLOCKS, `one of ${HOS_ALERT_CLOCKS.join(", ")} (the clocks this service keeps)`),
            maxUntilViolationMilliseconds: z
              .number()
              .int()
              .min(0)
              .max(70 * 60 * MINUTE_MS),
          })
          .optional(),
        missingDvir: z.object({ minDurationMilliseconds: positiveDuration }).optional(),
        maintenanceDue: z.object({ includeDueSoon: z.boolean().optional() }).optional(),
        harshEvent: harshEventParamsSchema.optional(),
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
        return params.insideGeofence
          ? { type: "placeDwell", placeIds: ids(params.insideGeofence.location.addressIds), minutes: params.insideGeofence.minDurationMilliseconds / MINUTE_MS }
          : missing("insideGeofence");
      case 1000:
        return params.speed
          ? { type: "speeding", speedKph: params.speed.speedKilometersPerHour, seconds: params.speed.minDurationMilliseconds / 1000 }
          : missing("speed");
      case 1019:
        return params.engineIdle ? { type: "idling", minutes: params.engineIdle.minDurationMilliseconds / MINUTE_MS } : missing("engineIdle");
      case 1005:
        return params.fuelLevel
          ? { type: "fuelLow", percent: params.fuelLevel.fuelLevelPercent, minutes: params.fuelLevel.minDurationMilliseconds / MINUTE_MS }
          : missing("fuelLevel");
      case 1030:
        return params.gatewayDisconnected
          ? { type: "deviceSilent", minutes: params.gatewayDisconnected.minDurationMilliseconds / MINUTE_MS }
          : missing("gatewayDisconnected");
      case 1021:
        return params.engineOn ? { type: "engineOn", minutes: params.engineOn.minDurationMilliseconds / MINUTE_MS } : missing("engineOn");
      case 1029: {
        const faults = params.vehicleFaultCode;
        if (!faults) return missing("vehicleFaultCode");
        return {
          type: "faultCode",
          codes: faults.hasAnyFaultCodes ? [] : (faults.specificFaultCodes ?? []),
          milOnly: !faults.hasAnyFaultCodes && !faults.specificFaultCodes?.length,
        };
      }
      case 1018:
        return params.hosViolation
          ? { type: "hosTimeLeft", clock: params.hosViolation.violation, minutes: params.hosViolation.maxUntilViolationMilliseconds / MINUTE_MS }
          : missing("hosViolation");
      case SAMSARA_TRIGGER_TYPE_IDS.missingDvir:
        return params.missingDvir ? { type: "missingDvir", minutes: params.missingDvir.minDurationMilliseconds / MINUTE_MS } : missing("missingDvir");
      case SAMSARA_TRIGGER_TYPE_IDS.maintenanceDue:
        return params.maintenanceDue ? { type: "maintenanceDue", includeDueSoon: params.maintenanceDue.includeDueSoon ?? false } : missing("maintenanceDue");
      case SAMSARA_TRIGGER_TYPE_IDS.harshEvent:
        return params.harshEvent ? harshEventTriggerOf(params.harshEvent) : missing("harshEvent");
      default:
        context.addIssue({
          code: "custom",
          path: ["triggerTypeId"],
          message: `trigger type ${trigger.triggerTypeId} is not evaluated by this service (supported: ${Object.values(SAMSARA_TRIGGER_TYPE_IDS).join(", ")})`,
        });
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
      return {
        triggerTypeId,
        triggerParams: { speed: { operation: "GREATER", speedKilometersPerHour: trigger.speedKph, minDurationMilliseconds: trigger.seconds * 1000 } },
      };
    case "idling":
      return { triggerTypeId, triggerParams: { engineIdle: { minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "fuelLow":
      return {
        triggerTypeId,
        triggerParams: { fuelLevel: { operation: "LESS", fuelLevelPercent: trigger.percent, minDurationMilliseconds: trigger.minutes * MINUTE_MS } },
      };
    case "deviceSilent":
      return { triggerTypeId, triggerParams: { gatewayDisconnected: { minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "engineOn":
      return { triggerTypeId, triggerParams: { engineOn: { minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "faultCode": {
      const faults = trigger.milOnly
        ? { hasAnyMalfunctionIndicatorLampCodes: true }
        : trigger.codes.length === 0
          ? { hasAnyFaultCodes: true }
          : { specificFaultCodes: trigger.codes };
      return { triggerTypeId, triggerParams: { vehicleFaultCode: faults } };
    }
    case "hosTimeLeft":
      return { triggerTypeId, triggerParams: { hosViolation: { violation: trigger.clock, maxUntilViolationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "missingDvir":
      return { triggerTypeId, triggerParams: { missingDvir: { minDurationMilliseconds: trigger.minutes * MINUTE_MS } } };
    case "maintenanceDue":
      return { triggerTypeId, triggerParams: { maintenanceDue: { includeDueSoon: trigger.includeDueSoon } } };
    case "harshEvent":
      return { triggerTypeId, triggerParams: { harshEvent: toSamsaraHarshEvent(trigger) } };
  }
};

/** One sentence for the inbox and mail: what the rule watches, a speed in `unit` (km/h when not given: the API's). */
export const describeTrigger = (trigger: AlertTrigger, unit: DistanceUnit = "km"): string => {
  switch (trigger.type) {
    case "placeEntry":
      return "Entered a place";
    case "placeExit":
      return "Left a place";
    case "placeDwell":
      return `In a place for more than ${trigger.minutes} min`;
    case "speeding":
      return `Over ${Math.round(convertSpeed(trigger.speedKph / 3.6, unit))} ${SPEED_UNIT_LABELS[unit]} for ${trigger.seconds} s`;
    case "idling":
      return `Idling for more than ${trigger.minutes} min`;
    case "fuelLow":
      return `Fuel below ${trigger.percent} %`;
    case "deviceSilent":
      return `No data for more than ${trigger.minutes} min`;
    case "engineOn":
      return trigger.minutes > 0 ? `Engine on for more than ${trigger.minutes} min` : "Engine on";
    case "faultCode":
      return trigger.milOnly
        ? "Fault code lighting the check-engine lamp"
        : trigger.codes.length === 0
          ? "Fault code"
          : `Fault code ${trigger.codes.map((code) => code.faultCode).join(", ")}`;
    case "hosTimeLeft":
      return trigger.minutes > 0
        ? `${trigger.minutes} min or less left: ${HOS_CLOCK_LABELS[trigger.clock]}`
        : `HOS violation: ${HOS_CLOCK_LABELS[trigger.clock]}`;
    case "missingDvir":
      return `No post-trip inspection ${trigger.minutes} min after the last trip`;
    case "maintenanceDue":
      return trigger.includeDueSoon ? "Service due soon or overdue" : "Service overdue";
    case "harshEvent":
      return describeHarshEvent(trigger);
  }
};
