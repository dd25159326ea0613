import type { TrackerRecord } from "./tracker-record";

/** Why the device's status bits say it raised an alarm (bits are 0 when active). */
export type H02Alarm = "vibration" | "sos" | "overspeed" | "powerCut";

/**
 * One H02 message, text or binary. `kind` names what the device sent: the text form's type (`V1`, `HTBT`,
 * `NBR`…, upper-cased) or `binary position` for a `$` record.
 */
export type H02Message =
  | { type: "position" | "status"; imei: string; kind: string; record: TrackerRecord; alarms: H02Alarm[] }
  | { type: "heartbeat" | "other"; imei: string; kind: string }
  | { type: "empty" };

const STATUS_ALARMS: [bit: number, alarm: H02Alarm][] = [
  [0, "vibration"],
  [1, "sos"],
  [18, "sos"],
  [2, "overspeed"],
  [19, "powerCut"],
];

/**
 * The 32 status bits both forms carry (text: 8 hex digits; binary: 4 bytes): ACC (ignition) is bit 10, set when on
 * (as Traccar reads it); the alarm bits are set when inactive.
 */
export const readH02Status = (status: number) => {
  const alarms = [...new Set(STATUS_ALARMS.filter(([bit]) => (status & (2 ** bit)) === 0).map(([, alarm]) => alarm))];
  return { ignition: (status & (1 << 10)) !== 0, alarms };
};
