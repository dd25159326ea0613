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
    /** Total odometer, meters. */
    odometerMeters?: number;
    /** External (vehicle) voltage, volts (stored as the stat `batteryMilliVolts`). */
    externalVolts?: number;
    /** Vehicle speed as the ECU reports it over CAN or OBD, km/h (the stat `speed`, Samsara's `ecuSpeedMph`). */
    ecuSpeedKmh?: number;
    fuelPercent?: number;
    engineRpm?: number;
  };
};
