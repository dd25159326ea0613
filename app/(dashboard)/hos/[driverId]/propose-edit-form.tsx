"use client";

import { useState } from "react";
import { FormOutcome } from "@/components/ui/form-outcome";
import { useActionForm, type ActionFormState, type FormAction } from "@/components/ui/use-action-form";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules/duty-status-names";
import type { DutyStatus } from "@/db/schema";

export type EditableEntry = { id: number; label: string; status: DutyStatus; start: string; startLocal: string; remark: string };

/**
 * A manager's proposed edit of one of the day's entries (its status, start, end or remark) or a new
 * entry, with the reason the driver reads before accepting or rejecting it.
 */
export const ProposeEditForm = ({
  action,
  entries,
  dayStartLocal,
}: {
  action: FormAction<ActionFormState>;
  entries: EditableEntry[];
  dayStartLocal: string;
}) => {
  const { props, state, pending } = useActionForm(action);
  const [entryId, setEntryId] = useState("");
  const entry = entries.find((e) => String(e.id) === entryId);
  return (
    <form {...props} className="log-edit-form" aria-label="Propose a log edit" key={entryId}>
      <label>
        Entry
        <select name="entryId" value={entryId} onChange={(event) => setEntryId(event.target.value)}>
          <option value="">New entry</option>
          {entries.map((e) => (
            <option key={e.id} value={e.id}>
              {e.label}
            </option>
          ))}
        </select>
      </label>
      {entry && (
        <>
          {/* An untouched start keeps the entry's exact instant (the field shows minutes only). */}
          <input type="hidden" name="entryStart" value={entry.start} />
          <input type="hidden" name="entryStartLocal" value={entry.startLocal} />
        </>
      )}
      <label>
        Status
        <select name="status" defaultValue={entry?.status ?? "onDuty"}>
          {Object.entries(DUTY_STATUS_NAMES).map(([value, { name }]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Start
        <input type="datetime-local" name="startTime" required defaultValue={entry?.startLocal ?? dayStartLocal} />
      </label>
      <label>
        End (optional)
        <input type="datetime-local" name="endTime" />
      </label>
      <label>
        Remark
        <input name="remark" maxLength={300} defaultValue={entry?.remark ?? ""} />
      </label>
      <label>
        Reason
        <input name="reason" maxLength={500} required placeholder="e.g. fuel receipt shows the stop at 12:05" />
      </label>
      <button type="submit" className="button-primary" disabled={pending}>
        Propose edit
      </button>
      <FormOutcome state={state} />
    </form>
  );
};
