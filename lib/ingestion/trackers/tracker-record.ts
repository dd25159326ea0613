import type { SafetyEventKind } from "@/db/schema";

/**
 * One report decoded from a tracker's frame, in the units the protocols use, before it is bound to
 * a vehicle. Absent values are undefined.
 */
export type TrackerRecord = {
  time: Date;
  /** Missing when the record has no usable fix (no satellites, or a status packet). */
  fix?: {
    latitude: number;
    longitude: number;
    /** km/h (the text protocols' knots are converted when decoded). */
    speedKmh: number;
    heading: number;
    altitude?: number;
    satellites?: number;
    hdop?: number;
  };
  io: {
    ignition?: boolean;
    /** The vehicle's odometer as the ECU reports it (CAN/OBD), meters. */
    odometerMeters?: number;
    /** The tracker's own distance counter (from its GPS fixes), meters. */
    gpsOdometerMeters?: number;
    /** External (vehicle) voltage, volts (stored as the stat `batteryMilliVolts`). */
    externalVolts?: number;
    /** Vehicle speed as the ECU reports it over CAN or OBD, km/h (the stat `speed`, Samsara's `ecuSpeedMph`). */
    ecuSpeedKmh?: number;
    fuelPercent?: number;
    engineRpm?: number;
    engineLoadPercent?: number;
    coolantCelsius?: number;
    /** The ECU's fuel-used counter, liters. */
    fuelUsedLiters?: number;
    /** Engine hours as the ECU (or the tracker) counts them, seconds. */
    engineSeconds?: number;
    /** The tracker's digital inputs 1 to 3, on (true) or off (stored as Samsara's auxInput1..3). */
    digitalInput1?: boolean;
    digitalInput2?: boolean;
    digitalInput3?: boolean;
  };
  /**
   * Events the device itself reported with this record (its accelerometer's harsh driving and crash alarms): ANY
   * decoder fills this, and they are stored as safety events at the record's time and fix (tracker-telemetry.ts;
   * docs/trackers.md "Device-reported events"). Alarms that are not driving events (SOS, power cut, geofence) are not.
   */
  events?: TrackerEvent[];
};

/**
 * A harsh driving event or a crash (the stored kinds, db/schema/safety-events.ts), with its peak acceleration in g
 * when the device reports one.
 */
export type TrackerEvent = { kind: SafetyEventKind; g?: number };
