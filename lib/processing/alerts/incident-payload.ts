import { alertIncidents } from "@/db/schema";
import type { DistanceUnit } from "@/lib/platform/units";
import { ALERT_TRIGGER_LABELS, describeTrigger, SAMSARA_TRIGGER_TYPE_IDS, type AlertTrigger } from "./alert-trigger";

export type AlertIncidentRow = typeof alertIncidents.$inferSelect;

/** What an incident keeps of its occurrence (`alert_incidents.details`). */
export type IncidentDetails = { triggerId: number; description: string; conditionDetails: Record<string, unknown>; value?: number };

type Named = { id: number; name: string };

/** Samsara's details key for each trigger type (WorkflowIncidentDetailsObjectResponseBody). */
const DETAILS_KEYS: Record<AlertTrigger["type"], string> = {
  placeEntry: "geofenceEntry",
  placeExit: "geofenceExit",
  placeDwell: "insideGeofence",
  speeding: "speed",
  idling: "engineIdle",
  fuelLow: "fuelLevelPercentage",
  deviceSilent: "gatewayDisconnected",
  engineOn: "engineOn",
  faultCode: "vehicleFaultCode",
  hosTimeLeft: "hosViolation",
  missingDvir: "missingDvirPastDue",
  maintenanceDue: "maintenanceDue",
  harshEvent: "harshEvent",
};

/**
 * The details written with a new incident: Samsara's condition for its trigger, names as they were then;
 * its description (inbox, mail, webhook) in the company's `unit`, the condition's fields in Samsara's km/h.
 */
export const incidentDetails = ({
  trigger,
  unit,
  vehicle,
  driver,
  place,
  value,
  detail,
}: {
  trigger: AlertTrigger;
  unit: DistanceUnit;
  vehicle: Named & { serial?: string | null };
  driver: Named | null;
  place: (Named & { formattedAddress: string }) | null;
  value?: number;
  /** What the occurrence was, where the trigger does not say (the fault code, the driver's time left). */
  detail?: string;
}): IncidentDetails => {
  // Samsara's vehicle reference carries its gateway's serial: ours is the tracker's device id.
  const vehicleRef = { id: String(vehicle.id), name: vehicle.name, serial: vehicle.serial ?? "" };
  const driverRef = driver ? { driver: { id: String(driver.id), name: driver.name } } : {};
  const body: Record<string, unknown> = place
    ? { address: { id: String(place.id), name: place.name, formattedAddress: place.formattedAddress }, vehicle: vehicleRef }
    : { vehicle: vehicleRef, ...driverRef };
  if (trigger.type === "speeding")
    Object.assign(body, {
      operation: "GREATER",
      thresholdSpeedKilometersPerHour: trigger.speedKph,
      minDurationMilliseconds: trigger.seconds * 1000,
      currentSpeedKilometersPerHour: value ?? 0,
    });
  const description = detail ? `${ALERT_TRIGGER_LABELS[trigger.type]}: ${detail}` : `${describeTrigger(trigger, unit)}${place ? `: ${place.name}` : ""}`;
  return {
    triggerId: SAMSARA_TRIGGER_TYPE_IDS[trigger.type],
    description,
    conditionDetails: { [DETAILS_KEYS[trigger.type]]: body },
    ...(value === undefined ? {} : { value }),
  };
};

/** Samsara's alert incident (GET /alerts/incidents/stream, and the AlertIncident webhook's data). */
export const presentIncident = (row: AlertIncidentRow) => {
  const details = row.details as IncidentDetails;
  return {
    id: String(row.id),
    configurationId: String(row.ruleId),
    happenedAtTime: row.startedAt.toISOString(),
    updatedAtTime: row.updatedAt.toISOString(),
    isResolved: row.endedAt !== null,
    ...(row.endedAt ? { resolvedAtTime: row.endedAt.toISOString() } : {}),
    incidentUrl: `/alerts/inbox?incident=${row.id}`,
    conditions: [{ triggerId: details.triggerId, description: details.description, details: details.conditionDetails }],
  };
};

export type PresentedIncident = ReturnType<typeof presentIncident>;
