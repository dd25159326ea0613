import { FrameError } from "./frame-reader";
import { decimal, utcDate } from "./text-frames";
import type { TrackerEvent, TrackerRecord } from "./tracker-record";

/**
 * What the Suntech forms (text, universal, binary) share: the alert and emergency tables, the GPS
 * date and time, and the record a report's values make.
 */

/** What an alert (ALT) or emergency (EMG) says happened that is not a driving event (those are the record's events). */
export type SuntechAlarm =
  "sos" | "overspeed" | "geofence" | "lowBattery" | "shock" | "powerCut" | "powerRestored" | "jamming" | "parking" | "door" | "movement";

/** ALERT_ID, as the ST300 manual's table numbers it (the universal firmware keeps the numbers). */
const ALERT_ALARMS: Record<number, SuntechAlarm> = {
  1: "overspeed",
  5: "geofence",
  6: "geofence",
  14: "lowBattery",
  15: "shock",
  40: "powerRestored",
  41: "powerCut",
  42: "sos",
  50: "jamming",
  132: "door",
};

/** The alerts that are driving events: collision, and the driver pattern analysis's acceleration, braking and sharp turn. */
const ALERT_EVENTS: Record<number, TrackerEvent["kind"]> = { 16: "crash", 46: "harshAcceleration", 47: "harshBraking", 48: "harshCornering" };

/** EMG_ID: 1 panic button, 2 parking lock, 3 main power removed, 5 and 6 anti-theft (door), 7 motion, 8 anti-theft shock. */
const EMERGENCY_ALARMS: Record<number, SuntechAlarm> = { 1: "sos", 2: "parking", 3: "powerCut", 5: "door", 6: "door", 7: "movement", 8: "shock" };

/** Alert 33 is ignition on, 34 ignition off. */
const ALERT_IGNITION: Record<number, boolean> = { 33: true, 34: false };

export const alertOf = (id: number | undefined) => ({
  alarm: id === undefined ? undefined : ALERT_ALARMS[id],
  event: id === undefined ? undefined : ALERT_EVENTS[id],
  ignition: id === undefined ? undefined : ALERT_IGNITION[id],
});

export const emergencyAlarm = (id: number | undefined) => (id === undefined ? undefined : EMERGENCY_ALARMS[id]);

/** `yyyymmdd` and `hh:mm:ss` (GPS time, UTC) as an instant; null for a device that never had a date (zeros). */
export const suntechTime = (date: string | undefined, time: string | undefined): Date | null => {
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(date ?? "");
  const clock = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time ?? "");
  if (!day || !clock) throw new FrameError("date or time is not yyyymmdd;hh:mm:ss");
  if (Number(day[1]) < 2000) return null;
  return utcDate(Number(day[1]) - 2000, Number(day[2]), Number(day[3]), Number(clock[1]), Number(clock[2]), Number(clock[3]));
};

/** An integer field, or undefined when empty; FrameError when it is not one. */
export const integer = (value: string | undefined) => {
  const number = decimal(value);
  if (number !== undefined && !Number.isInteger(number)) throw new FrameError(`"${value}" is not an integer`);
  return number;
};

/** A decimal that may carry a `+` sign (the universal firmware's coordinates), or undefined when empty. */
export const signedDecimal = (value: string | undefined) => decimal(value?.replace(/^\+(?=\d)/, ""));

/** The values one report carries, in the protocol's units, before they become a record. */
export type SuntechValues = {
  time: Date | null;
  latitude?: number;
  longitude?: number;
  speedKmh?: number;
  heading?: number;
  satellites?: number;
  fixed: boolean;
  /** Ignition and inputs 1 to 3, as the report's I/O states them. */
  inputs?: { ignition: boolean; input1?: boolean; input2?: boolean; input3?: boolean };
  distanceMeters?: number;
  externalVolts?: number;
  hourMeterMinutes?: number;
  alertId?: number;
  emergencyId?: number;
};

/**
 * The record of a report: its fix only when the device says it has one (FIX 1, a position that is not 0,0); the GPS
 * time, or `now` when the device has no date yet; its I/O, distance, voltage and hour meter; an alert's driving event.
 */
export const suntechRecord = (values: SuntechValues, now: Date): TrackerRecord => {
  const { latitude, longitude, speedKmh, heading } = values;
  if ((speedKmh ?? 0) < 0 || (heading ?? 0) < 0 || (heading ?? 0) > 360) throw new FrameError("speed or course out of range");
  if (Math.abs(latitude ?? 0) > 90 || Math.abs(longitude ?? 0) > 180) throw new FrameError("position out of range");
  const hasFix = values.fixed && latitude !== undefined && longitude !== undefined && (latitude !== 0 || longitude !== 0);
  const alert = alertOf(values.alertId);
  const record: TrackerRecord = {
    time: values.time ?? now,
    fix: hasFix ? { latitude, longitude, speedKmh: speedKmh ?? 0, heading: heading ?? 0, satellites: values.satellites } : undefined,
    io: {
      ignition: values.inputs?.ignition ?? alert.ignition,
      digitalInput1: values.inputs?.input1,
      digitalInput2: values.inputs?.input2,
      digitalInput3: values.inputs?.input3,
      gpsOdometerMeters: values.distanceMeters,
      externalVolts: values.externalVolts,
      engineSeconds: values.hourMeterMinutes === undefined ? undefined : values.hourMeterMinutes * 60,
    },
  };
  if (!hasFix) delete record.fix;
  for (const key of Object.keys(record.io) as (keyof TrackerRecord["io"])[]) if (record.io[key] === undefined) delete record.io[key];
  if (alert.event) record.events = [{ kind: alert.event }];
  return record;
};

/** The alarms of a report: its alert's or its emergency's. */
export const suntechAlarms = (values: SuntechValues): SuntechAlarm[] => {
  const alarm = alertOf(values.alertId).alarm ?? emergencyAlarm(values.emergencyId);
  return alarm ? [alarm] : [];
};
