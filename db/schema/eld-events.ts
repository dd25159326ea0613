import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, DATASETS, tenantColumns, utc } from "./columns";

/** Table 8 of 49 CFR 395 subpart B Appendix A (7.23): the record status, codes 1 to 4 in this order. */
export const ELD_RECORD_STATUSES = ["active", "inactiveChanged", "changeRequested", "changeRejected"] as const;
export type EldRecordStatus = (typeof ELD_RECORD_STATUSES)[number];
/** Table 7 (7.22): the record origin, codes 1 to 4 in this order. */
export const ELD_RECORD_ORIGINS = ["automatic", "driver", "otherUser", "unidentified"] as const;
export type EldRecordOrigin = (typeof ELD_RECORD_ORIGINS)[number];

/**
 * The ELD event record of Appendix A 7 (4.5.1): written when the event happens, never rewritten. An edit
 * changes only `recordStatus` of the records it replaces and adds new records; the output file and
 * `/beta/fleet/hos/drivers/eld-events` read these rows.
 */
export const eldEvents = pgTable(
  "eld_events",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    /** The driver whose record it is; null: the unidentified driver profile (4.1.5). */
    driverId: integer("driver_id"),
    vehicleId: integer("vehicle_id"),
    /** 7.24: 0 to 0xFFFF, per ELD (one per vehicle here; events with no vehicle share the driver's phone counter 0), wrapping. */
    sequenceId: integer("sequence_id").notNull(),
    recordStatus: text("record_status", { enum: ELD_RECORD_STATUSES }).notNull().default("active"),
    recordOrigin: text("record_origin", { enum: ELD_RECORD_ORIGINS }).notNull(),
    /** 7.25 and Table 6: 1 duty status, 2 intermediate log, 3 PC/YM indication, 4 certification, 5 login/logout, 6 engine power, 7 malfunction/diagnostic. */
    eventType: smallint("event_type").notNull(),
    eventCode: smallint("event_code").notNull(),
    eventAt: utc("event_at").notNull(),
    /** 7.2 and 7.19: miles and engine hours in the ignition cycle; null where the vehicle does not report them (blank in the file). */
    accumulatedMiles: doublePrecision("accumulated_miles"),
    elapsedEngineHours: doublePrecision("elapsed_engine_hours"),
    /** 7.31, 7.33: at the rule's precision (two decimals, one in personal conveyance); null: no valid fix (the file's "X") or a place in words ("M"). */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    reducedPrecision: boolean("reduced_precision").notNull().default(false),
    /** 7.9: whole miles since the last valid coordinates (0 with a fix); null when not known. */
    distanceSinceLastValidCoordinates: integer("distance_since_last_valid_coordinates"),
    malfunction: boolean("malfunction").notNull().default(false),
    diagnostic: boolean("diagnostic").notNull().default(false),
    /** Type 7 records: the malfunction or data diagnostic code of Table 4 (P, E, T, L, R, S, O; 1–6). */
    diagnosticCode: text("diagnostic_code"),
    /** 4.4.5.1: over the elements as the output file shows them (home-terminal clock, the record's power unit and username). */
    checkValue: text("check_value").notNull(),
    comment: text("comment").notNull().default(""),
    locationDescription: text("location_description").notNull().default(""),
    /** Another authenticated user's record (origin otherUser): who, as the audit actor's id and name were then. */
    editedById: text("edited_by_id"),
    editedByName: text("edited_by_name"),
    /** What the record is of: a log entry, a proposed edit, an unassigned-driving segment, a certified day (YYYY-MM-DD). */
    hosLogId: integer("hos_log_id"),
    logEditId: integer("log_edit_id"),
    unassignedId: integer("unassigned_id"),
    certifiedDate: text("certified_date"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("eld_events_driver_time_idx").on(t.companyId, t.dataset, t.driverId, t.eventAt),
    /** The unidentified driver profile's records of the vehicles a driver used. */
    index("eld_events_vehicle_time_idx").on(t.companyId, t.dataset, t.vehicleId, t.eventAt),
    /** The malfunction and diagnostic records alone (few): which are active, read on every logbook and HOS page. */
    index("eld_events_conditions_idx")
      .on(t.companyId, t.dataset, t.diagnosticCode, t.eventAt)
      .where(sql`event_type = 7`),
  ],
);

/** Each ELD's last sequence id (7.24); `vehicleId` 0: events recorded with no vehicle. */
export const eldEventSequences = pgTable(
  "eld_event_sequences",
  {
    companyId: integer("company_id").notNull(),
    dataset: text("dataset", { enum: DATASETS }).notNull().default("live"),
    vehicleId: integer("vehicle_id").notNull(),
    lastSequenceId: integer("last_sequence_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dataset, t.vehicleId] })],
);

/** 4.9.1 telematics transfer: by FMCSA's web service or by encrypted e-mail; `ping` is the web service's weekly check (4.6.1.7). */
export const ELD_TRANSFER_METHODS = ["webService", "email", "ping"] as const;
export type EldTransferMethod = (typeof ELD_TRANSFER_METHODS)[number];

/**
 * Each transfer of a driver's records to FMCSA and each check of the transfer mechanism, with what
 * FMCSA answered: the driver sees the outcome, and a run of failures is the data transfer diagnostic.
 */
export const eldTransfers = pgTable(
  "eld_transfers",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    /** null: a check of the mechanism (`ping`), for no driver. */
    driverId: integer("driver_id"),
    method: text("method", { enum: ELD_TRANSFER_METHODS }).notNull(),
    fileName: text("file_name").notNull().default(""),
    outputFileComment: text("output_file_comment").notNull().default(""),
    /** FMCSA's test flag (ELD_TRANSFER_TEST): not passed on to inspectors. */
    test: boolean("test").notNull(),
    succeeded: boolean("succeeded").notNull(),
    /** The web service's submission id, or the e-mail's Message-ID. */
    reference: text("reference").notNull().default(""),
    /** FMCSA's status and errors, or why it could not be sent. */
    outcome: text("outcome").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("eld_transfers_time_idx").on(t.companyId, t.dataset, t.createdAt)],
);
