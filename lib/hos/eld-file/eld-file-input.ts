/** What an ELD output file is built from (Appendix A 4.8.2.1): plain data, read from the stored records by load-eld-file-input.ts. */

/** Table 8: 1 active, 2 inactive-changed, 3 inactive-change requested, 4 inactive-change rejected. */
export type EventRecordStatus = 1 | 2 | 3 | 4;
/** Table 7: 1 automatic, 2 driver, 3 another authenticated user, 4 assumed from the unidentified driver profile. */
export type EventRecordOrigin = 1 | 2 | 3 | 4;

/** An ELD account as the user list shows it: a driver ("D") or the carrier's support personnel ("S"). */
export type EldUser = { key: string; accountType: "D" | "S"; firstName: string; lastName: string; username: string };

export type EldVehicle = { key: string; powerUnitNumber: string; vin: string; trailers: string };

import type { EldPosition, RecordElements } from "@/lib/hos/eld-record/record-elements";

export type { EldPosition };

/**
 * An event of type 1 (duty status), 2 (intermediate log) or 3 (PC / yard move indication), the
 * driver's or the unidentified driver profile's.
 */
export type EldRecordEvent = RecordElements & {
  sequenceId: number;
  status: EventRecordStatus;
  origin: EventRecordOrigin;
  type: 1 | 2 | 3;
  /** Table 6: type 1: 1 off duty, 2 sleeper berth, 3 driving, 4 on duty; type 2: 1 or 2 (reduced precision); type 3: 1 PC, 2 YM, 0 cleared. */
  code: number;
  /** The vehicle's key in `vehicles`; null: none recorded (no CMV order number). */
  vehicleKey: string | null;
  /** The user who made the record (a key in `users`); the unidentified driver profile's records have none. */
  originatorKey: string | null;
  comment: string;
  malfunction: boolean;
  diagnostic: boolean;
};

export type EldCertification = { sequenceId: number; at: Date; /** The certified day, YYYY-MM-DD. */ date: string; vehicleKey: string | null };

export type EldLoginEvent = { sequenceId: number; code: 1 | 2; at: Date; username: string; totalMiles: number | null; totalEngineHours: number | null };

export type EldEnginePowerEvent = {
  sequenceId: number;
  /** Table 6: 1 power-up, 2 power-up (reduced precision), 3 shut-down, 4 shut-down (reduced precision). */
  code: 1 | 2 | 3 | 4;
  at: Date;
  vehicleKey: string;
  totalMiles: number | null;
  totalEngineHours: number | null;
  position: EldPosition | null;
  shippingDocumentNumber: string;
};

export type EldMalfunctionEvent = {
  sequenceId: number;
  /** Table 6, type 7: 1 malfunction logged, 2 cleared, 3 data diagnostic logged, 4 cleared. */
  code: 1 | 2 | 3 | 4;
  /** Table 4: P, E, T, L, R, S, O (malfunctions) or 1-6 (data diagnostics). */
  diagnosticCode: string;
  at: Date;
  vehicleKey: string | null;
  totalMiles: number | null;
  totalEngineHours: number | null;
};

export type EldFileInput = {
  generatedAt: Date;
  /** The driver's home terminal zone: every date and time in the file is its wall clock (4.4.3). */
  timeZone: string;
  /** The home terminal's 24-hour period start (whole hours here). */
  periodStartHour: number;
  multiDayBasis: 7 | 8;
  carrier: { usdotNumber: number | null; name: string };
  eld: { registrationId: string; identifier: string; authenticationValue: string };
  outputFileComment: string;
  /** The inspected driver; `key` names them in `users`. */
  driver: EldUser & { licenseState: string; licenseNumber: string; exempt: boolean };
  coDriver: EldUser | null;
  /** Support personnel who requested edits, and any co-driver, beside the driver (the unidentified profile is added). */
  otherUsers: EldUser[];
  /** The driver's current vehicle, and every vehicle the events name. */
  currentVehicleKey: string | null;
  vehicles: EldVehicle[];
  shippingDocumentNumber: string;
  current: { position: EldPosition | null; totalMiles: number | null; totalEngineHours: number | null };
  events: EldRecordEvent[];
  certifications: EldCertification[];
  malfunctions: EldMalfunctionEvent[];
  logins: EldLoginEvent[];
  enginePowers: EldEnginePowerEvent[];
  unidentifiedEvents: EldRecordEvent[];
};
