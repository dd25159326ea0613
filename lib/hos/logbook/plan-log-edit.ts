import type { Dataset, DutyStatus, hosLogs } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

type LogEntry = typeof hosLogs.$inferSelect;
type NewLogEntry = typeof hosLogs.$inferInsert;
type LogOwner = { companyId: number; dataset: Dataset; driverId: number };

/** A proposed edit: `status` from `startTime` (to `endTime`, else until the next entry), replacing entry `entryId` or inserted. */
export type LogEditProposal = { entryId: number | null; status: DutyStatus; startTime: Date; endTime: Date | null; remark: string };

/** What accepting an edit does to the log: the entries it replaces (kept as superseded) and those it writes. */
export type LogEditPlan = { remove: LogEntry[]; insert: NewLogEntry[] };

// The ELD rule (49 CFR part 395 subpart B, appendix 4.3.2.8.2): an edit may not shorten automatically
// recorded driving time nor turn it into another status.
const AUTOMATIC_DRIVING = "Automatically recorded driving time cannot be shortened or changed to another status.";
// Driving comes from the vehicle's motion, or from unassigned driving the driver accepts: never from an edit.
const NO_NEW_DRIVING = "An edit cannot make driving time: driving comes from the vehicle's motion (assign unassigned driving instead).";

const refuse = (message: string) => new AppError("bad_request", message);
const isAutomaticDriving = (entry: LogEntry | undefined) => entry?.status === "driving" && entry.origin === "automatic";
const ms = (date: Date) => date.getTime();
const copyOf = ({ id: _id, createdAt: _createdAt, ...entry }: LogEntry): NewLogEntry => entry;

/**
 * Checks a proposed edit against the driver's log (oldest first, from the entry before the edit's
 * day onward) and says what accepting it changes. An edited entry keeps its place between its
 * neighbours; a new `endTime` moves the next entry's start there. An inserted entry lies within one
 * entry's time; with an `endTime` the status it interrupted resumes then.
 */
export const planLogEdit = ({
  log,
  owner,
  edit,
  now,
  dayEndMs,
}: {
  log: readonly LogEntry[];
  owner: LogOwner;
  edit: LogEditProposal;
  now: Date;
  dayEndMs: number;
}): LogEditPlan => {
  const start = ms(edit.startTime);
  const end = edit.endTime ? ms(edit.endTime) : null;
  if (start >= ms(now)) throw refuse('Invalid value for "startTime": it is in the future.');
  if (end !== null && end > ms(now)) throw refuse('Invalid value for "endTime": it is in the future.');
  if (end !== null && end <= start) throw refuse('Invalid value for "endTime": it must be after "startTime".');
  if (end !== null && end > dayEndMs) throw refuse('Invalid value for "endTime": an edit stays within one log day.');
  const index = edit.entryId === null ? -1 : log.findIndex((entry) => entry.id === edit.entryId);
  if (edit.entryId !== null && index < 0) throw new AppError("not_found", `No log entry with id ${edit.entryId}.`);
  return index >= 0 ? planEntryEdit({ log, index, edit, start, end }) : planInsertion({ log, owner, edit, start, end });
};

const planEntryEdit = ({
  log,
  index,
  edit,
  start,
  end,
}: {
  log: readonly LogEntry[];
  index: number;
  edit: LogEditProposal;
  start: number;
  end: number | null;
}): LogEditPlan => {
  const [previous, entry, next, afterNext] = [log[index - 1], log[index], log[index + 1], log[index + 2]];
  if (edit.status === "driving" && entry.status !== "driving") throw refuse(NO_NEW_DRIVING);
  if (isAutomaticDriving(entry) && (edit.status !== "driving" || start > ms(entry.startTime) || (end !== null && next && end < ms(next.startTime))))
    throw refuse(AUTOMATIC_DRIVING);
  if (previous && start <= ms(previous.startTime))
    throw refuse(`Invalid value for "startTime": it must be after the previous entry's start (${previous.startTime.toISOString()}).`);
  if (isAutomaticDriving(previous) && start < ms(entry.startTime)) throw refuse(AUTOMATIC_DRIVING);
  const edited: NewLogEntry = {
    ...copyOf(entry),
    status: edit.status,
    startTime: edit.startTime,
    remark: edit.remark,
    origin: isAutomaticDriving(entry) ? "automatic" : "manual",
  };
  if (end === null) {
    if (next && start >= ms(next.startTime))
      throw refuse(`Invalid value for "startTime": it must be before the next entry's start (${next.startTime.toISOString()}).`);
    return { remove: [entry], insert: [edited] };
  }
  if (!next) throw refuse('Invalid value for "endTime": this entry is in effect now and has no end; propose a new entry after it instead.');
  if (afterNext && end >= ms(afterNext.startTime))
    throw refuse(`Invalid value for "endTime": it must be before ${afterNext.startTime.toISOString()}, when the entry after the next one starts.`);
  if (isAutomaticDriving(next) && end > ms(next.startTime)) throw refuse(AUTOMATIC_DRIVING);
  if (end === ms(next.startTime)) return { remove: [entry], insert: [edited] };
  return { remove: [entry, next], insert: [edited, { ...copyOf(next), startTime: new Date(end) }] };
};

const planInsertion = ({
  log,
  owner,
  edit,
  start,
  end,
}: {
  log: readonly LogEntry[];
  owner: LogOwner;
  edit: LogEditProposal;
  start: number;
  end: number | null;
}): LogEditPlan => {
  if (edit.status === "driving") throw refuse(NO_NEW_DRIVING);
  if (log.some((entry) => ms(entry.startTime) === start))
    throw new AppError("conflict", "The log already has an entry starting then: propose an edit of that entry instead.");
  const previous = log.findLast((entry) => ms(entry.startTime) < start);
  const next = log.find((entry) => ms(entry.startTime) > start);
  if (isAutomaticDriving(previous)) throw refuse(AUTOMATIC_DRIVING);
  if (end !== null && next && end > ms(next.startTime))
    throw refuse(`Invalid value for "endTime": the next entry starts at ${next.startTime.toISOString()}; propose an edit of it instead.`);
  const common = { ...owner, vehicleId: previous?.vehicleId ?? null, origin: "manual" as const };
  const inserted: NewLogEntry = { ...common, status: edit.status, startTime: edit.startTime, remark: edit.remark };
  if (end === null || (next && end === ms(next.startTime))) return { remove: [], insert: [inserted] };
  // The status the inserted one interrupted resumes at its end (off duty when the log had none before).
  return { remove: [], insert: [inserted, { ...common, status: previous?.status ?? "offDuty", startTime: new Date(end) }] };
};
