import type { ReactNode } from "react";
import type { DutyStatus } from "@/db/schema";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules/duty-status-names";
import type { LogEdit } from "@/lib/hos/logbook/log-edits";
import { formatDateTime, formatTime } from "@/lib/platform/zoned-time";

const entryText = ({ status, startTime, remark }: { status: DutyStatus; startTime: Date | string; remark: string }, timeZone: string) =>
  `${formatTime(startTime, timeZone)} ${DUTY_STATUS_NAMES[status].name}${remark ? ` “${remark}”` : ""}`;

const STATE_TEXT = { pending: "Waiting for the driver", accepted: "Accepted", rejected: "Rejected" } as const;

/**
 * Proposed log edits as cards: what the edit makes, what it replaces (the entry in effect while it
 * waits; once accepted, the superseded entries kept with it), who proposed it and why, and the
 * driver's answer. `answer` renders the driver's buttons under a pending edit.
 */
export const LogEditList = ({
  edits,
  log,
  timeZone,
  answer,
}: {
  edits: LogEdit[];
  log: { id: number; status: DutyStatus; startTime: Date; remark: string }[];
  timeZone: string;
  answer?: (edit: LogEdit) => ReactNode;
}) => (
  <ul className="log-edits" data-testid="log-edits">
    {edits.map((edit) => {
      const replaced = edit.state === "accepted" ? edit.superseded : log.filter((entry) => entry.id === edit.entryId);
      return (
        <li key={edit.id} className="log-edit" data-state={edit.state}>
          <strong>
            {edit.entryId === null ? "New entry" : "Edit"}: {DUTY_STATUS_NAMES[edit.status].name} from {formatTime(edit.startTime, timeZone)}
            {edit.endTime ? ` to ${formatTime(edit.endTime, timeZone)}` : ""}
          </strong>
          {replaced.length > 0 && (
            <span className="muted">
              {edit.state === "accepted" ? "Superseded" : "Replaces"}: {replaced.map((entry) => entryText(entry, timeZone)).join(", ")}
            </span>
          )}
          {edit.remark && <span>Remark: “{edit.remark}”</span>}
          <span>Reason: {edit.reason}</span>
          <span className="muted">
            Proposed by {edit.proposedByName}, {formatDateTime(edit.proposedAt, timeZone)} · {STATE_TEXT[edit.state]}
            {edit.answeredAt ? `, ${formatDateTime(edit.answeredAt, timeZone)}` : ""}
          </span>
          {edit.state === "pending" && answer?.(edit)}
        </li>
      );
    })}
  </ul>
);
