import type { TrackerEvent, TrackerRecord } from "./tracker-record";

type Io = TrackerRecord["io"];
type Fix = NonNullable<TrackerRecord["fix"]>;
/** What one record's IO elements decode to: its values, its fix's extras, and its events. */
export type IoTarget = { io: Io; fix: Partial<Fix>; events: TrackerEvent[] };

/** A two's-complement value of `bytes` bytes read as unsigned. */
const signed = (value: number, bytes: number) => (value >= 2 ** (8 * bytes - 1) ? value - 2 ** (8 * bytes) : value);

/** IO 253's green driving types (Teltonika wiki, "FMB AVL ID": 1 acceleration, 2 braking, 3 cornering). */
const GREEN_DRIVING: Record<number, TrackerEvent["kind"]> = { 1: "harshAcceleration", 2: "harshBraking", 3: "harshCornering" };

/**
 * The Teltonika FMB AVL IO ids this service reads (Teltonika wiki, "FMB AVL ID" list), and how;
 * where a CAN and an OBD value both exist the CAN one wins (it is set with `=`, the other with `??=`,
 * so the order of the ids in the record does not matter). The rest are decoded for framing and
 * ignored. docs/trackers.md carries the same table.
 */
export const TELTONIKA_IO: Record<number, (value: number, target: IoTarget) => void> = {
  239: (value, { io }) => {
    io.ignition = value === 1;
  }, // Ignition
  1: (value, { io }) => {
    io.digitalInput1 = value === 1;
  }, // Digital Input 1 (DIN1)
  2: (value, { io }) => {
    io.digitalInput2 = value === 1;
  }, // Digital Input 2 (DIN2)
  3: (value, { io }) => {
    io.digitalInput3 = value === 1;
  }, // Digital Input 3 (DIN3)
  16: (value, { io }) => {
    io.gpsOdometerMeters = value;
  }, // Total Odometer (the device's, from GPS), m
  87: (value, { io }) => {
    io.odometerMeters = value;
  }, // Total Mileage (CAN), m
  66: (value, { io }) => {
    io.externalVolts = value / 1000;
  }, // External Voltage, mV
  89: (value, { io }) => {
    io.fuelPercent = value;
  }, // Fuel level (CAN), %
  48: (value, { io }) => {
    io.fuelPercent ??= value;
  }, // Fuel level (OBD), %; CAN wins
  85: (value, { io }) => {
    io.engineRpm = value;
  }, // Engine RPM (CAN)
  36: (value, { io }) => {
    io.engineRpm ??= value;
  }, // Engine RPM (OBD); CAN wins
  81: (value, { io }) => {
    io.ecuSpeedKmh = value;
  }, // Vehicle Speed (CAN), km/h
  37: (value, { io }) => {
    io.ecuSpeedKmh ??= value;
  }, // Vehicle Speed (OBD), km/h; CAN wins
  31: (value, { io }) => {
    io.engineLoadPercent = value;
  }, // Calculated engine load value (OBD), %
  115: (value, { io }) => {
    io.coolantCelsius = signed(value, 2) / 10;
  }, // Engine Temperature (CAN), 0.1 °C, signed
  32: (value, { io }) => {
    io.coolantCelsius ??= signed(value, 1);
  }, // Coolant temperature (OBD), °C, signed; CAN wins
  83: (value, { io }) => {
    io.fuelUsedLiters = value / 10;
  }, // Fuel Consumed (CAN), 0.1 l
  102: (value, { io }) => {
    io.engineSeconds = value * 60;
  }, // Engine Worktime (CAN), min
  103: (value, { io }) => {
    io.engineSeconds ??= value * 60;
  }, // Engine Worktime (counted), min; CAN wins
  182: (value, { fix }) => {
    fix.hdop = value / 10;
  }, // GNSS HDOP, 0.1
  253: (value, { events }) => {
    const kind = GREEN_DRIVING[value];
    if (kind) events.push({ kind });
  }, // Green driving type
  254: (value, { events }) => {
    // Green driving value, g × 100 (the peak of the event IO 253 names; it follows 253 in the record).
    const event = events.findLast((candidate) => candidate.kind !== "crash");
    if (event) event.g = value / 100;
  },
  247: (value, { events }) => {
    if (value > 0) events.push({ kind: "crash" });
  }, // Crash detection: 1 crash, 2 a crash trace of an uncalibrated device
};
