import type { TrackerRecord } from "./tracker-record";

type Io = TrackerRecord["io"];
type Fix = NonNullable<TrackerRecord["fix"]>;

/**
 * The Teltonika FMB AVL IO ids this service stores (Teltonika wiki, "FMB AVL ID" list), and how.
 * The rest are decoded for framing and ignored. docs/trackers.md carries the same table.
 */
export const TELTONIKA_IO: Record<number, (value: number, io: Io, fix: Partial<Fix>) => void> = {
  239: (value, io) => {
    io.ignition = value === 1;
  }, // Ignition
  16: (value, io) => {
    io.odometerMeters = value;
  }, // Total Odometer, m
  66: (value, io) => {
    io.externalVolts = value / 1000;
  }, // External Voltage, mV
  89: (value, io) => {
    io.fuelPercent = value;
  }, // Fuel level (CAN), %
  48: (value, io) => {
    io.fuelPercent ??= value;
  }, // Fuel level (OBD), %; CAN wins
  85: (value, io) => {
    io.engineRpm = value;
  }, // Engine RPM (CAN)
  36: (value, io) => {
    io.engineRpm ??= value;
  }, // Engine RPM (OBD); CAN wins
  81: (value, io) => {
    io.ecuSpeedKmh = value;
  }, // Vehicle Speed (CAN), km/h
  37: (value, io) => {
    io.ecuSpeedKmh ??= value;
  }, // Vehicle Speed (OBD), km/h; CAN wins
  182: (value, _io, fix) => {
    fix.hdop = value / 10;
  }, // GNSS HDOP, 0.1
};
