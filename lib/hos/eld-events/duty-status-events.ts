import type { DutyStatus, EldRecordOrigin, hosLogs } from "@/db/schema";
import type { EldEventDraft } from "./record-eld-events";

/** Type 1 codes (Table 6) of the stored statuses, and the type 3 indication PC and yard moves add. */
export const DUTY_CODE: Record<DutyStatus, 1 | 2 | 3 | 4> = { offDuty: 1, sleeperBed: 2, driving: 3, onDuty: 4, personalConveyance: 1, yardMove: 4 };
const INDICATION: Partial<Record<DutyStatus, 1 | 2>> = { personalConveyance: 1, yardMove: 2 };

type LogEntry = Pick<
  typeof hosLogs.$inferSelect,
  "id" | "driverId" | "vehicleId" | "status" | "startTime" | "latitude" | "longitude" | "remark" | "locationName"
>;

/**
 * The events a log entry makes (4.5.1.1, 4.5.1.3): leaving PC or a yard move clears the indication (type 3 code 0),
 * then the duty status (type 1), then the PC or yard-move indication it starts. A place the driver typed without a
 * fix is the record's location description (its coordinates "M").
 */
export const dutyStatusEventDrafts = ({
  entry,
  previousStatus,
  origin,
  editedBy = null,
}: {
  entry: LogEntry;
  previousStatus: DutyStatus | null;
  origin: EldRecordOrigin;
  editedBy?: EldEventDraft["editedBy"];
}): EldEventDraft[] => {
  const position = entry.latitude === null || entry.longitude === null ? null : { latitude: entry.latitude, longitude: entry.longitude };
  const common = { driverId: entry.driverId, vehicleId: entry.vehicleId, at: entry.startTime, origin, position, editedBy, hosLogId: entry.id };
  const indication = INDICATION[entry.status];
  const drafts: EldEventDraft[] = [];
  if (previousStatus && INDICATION[previousStatus] && !indication) drafts.push({ ...common, type: 3, code: 0 });
  drafts.push({
    ...common,
    type: 1,
    code: DUTY_CODE[entry.status],
    reducedPrecision: entry.status === "personalConveyance",
    comment: entry.remark,
    locationDescription: origin === "driver" && !position && entry.locationName ? entry.locationName : "",
  });
  if (indication) drafts.push({ ...common, type: 3, code: indication, reducedPrecision: entry.status === "personalConveyance" });
  return drafts;
};
