import type { TrackerEvent } from "./tracker-record";

/**
 * Meitrack's event codes (its GPRS protocol documents' event code table, the same across the MVT, T and P
 * series), by the names this service gives them. Every position message carries one: why it was sent.
 */
const EVENT_NAMES: Record<number, string> = {
  1: "sos",
  2: "input2Active",
  3: "input3Active",
  4: "input4Active",
  5: "input5Active",
  9: "input1Inactive",
  10: "input2Inactive",
  11: "input3Inactive",
  12: "input4Inactive",
  13: "input5Inactive",
  17: "lowBattery",
  18: "lowExternalPower",
  19: "overspeed",
  20: "geofenceEnter",
  21: "geofenceExit",
  22: "powerRestored",
  23: "powerCut",
  24: "gpsLost",
  25: "gpsRecovered",
  26: "sleep",
  27: "wake",
  28: "gpsAntennaCut",
  29: "reboot",
  31: "heartbeat",
  32: "headingChange",
  33: "trackByDistance",
  34: "positionRequested",
  35: "trackByTime",
  36: "tow",
  37: "rfid",
  39: "photo",
  40: "powerOff",
  41: "stopMoving",
  42: "startMoving",
  44: "jamming",
  50: "temperatureHigh",
  51: "temperatureLow",
  52: "fuelFull",
  53: "fuelLow",
  54: "fuelTheft",
  56: "armed",
  57: "disarmed",
  58: "theft",
  63: "jammingEnded",
  78: "collision",
  79: "fall",
  90: "sharpLeftTurn",
  91: "sharpRightTurn",
  129: "harshBraking",
  130: "harshAcceleration",
  135: "fatigueDriving",
};

/** The name of an event code (`event<code>` for one the table does not list). */
export const meitrackEventName = (code: number) => EVENT_NAMES[code] ?? `event${code}`;

/** What an event code says happened that is an alarm (decoded, not stored: as Queclink's). */
export const MEITRACK_ALARMS = {
  1: "sos",
  17: "lowBattery",
  18: "lowBattery",
  19: "overspeed",
  20: "geofence",
  21: "geofence",
  22: "powerRestored",
  23: "powerCut",
  36: "tow",
  44: "jamming",
  50: "temperature",
  51: "temperature",
  135: "fatigue",
} as const;
export type MeitrackAlarm = (typeof MEITRACK_ALARMS)[keyof typeof MEITRACK_ALARMS];

/** The driving event of an event code: the accelerometer's harsh braking, acceleration and sharp turns, and a collision. */
export const meitrackDrivingEvent = (code: number): TrackerEvent | null => {
  if (code === 129) return { kind: "harshBraking" };
  if (code === 130) return { kind: "harshAcceleration" };
  if (code === 90 || code === 91) return { kind: "harshCornering" };
  if (code === 78) return { kind: "crash" };
  return null;
};

/**
 * The inputs of an I/O status byte (bit 0: input 1 …). Input 2 is the ignition (ACC) on the vehicle models'
 * default wiring (T333, T366, T322X, T399, T622 …); input 1 is the SOS button.
 */
export const meitrackInputs = (inputs: number) => ({
  ignition: (inputs & 0b10) !== 0,
  digitalInput1: (inputs & 0b1) !== 0,
  digitalInput2: (inputs & 0b10) !== 0,
  digitalInput3: (inputs & 0b100) !== 0,
});

/** Seconds between 1970 and 2000-01-01 UTC: the binary forms count time from 2000. */
export const MEITRACK_EPOCH_SECONDS = 946_684_800;
