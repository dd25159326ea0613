"use client";

import { FormOutcome } from "@/components/ui/form-outcome";
import { useActionForm } from "@/components/ui/use-action-form";
import { resolveDefectAction } from "../actions";

/** Certify one defect: repaired, or no repair needed, with the mechanic's notes; the signed-in user signs. */
export const ResolveDefectForm = ({ defectId, label }: { defectId: number; label: string }) => {
  const { props, state, pending } = useActionForm(resolveDefectAction);
  return (
    <form {...props} className="defect-resolve" aria-label={`Resolve ${label}`}>
      <input type="hidden" name="defectId" value={defectId} />
      <label>
        Mechanic&apos;s notes (optional)
        <input name="mechanicNotes" maxLength={1000} autoComplete="off" />
      </label>
      <div className="actions">
        <button type="submit" name="resolution" value="repaired" className="button-primary" disabled={pending}>
          Mark repaired
        </button>
        <button type="submit" name="resolution" value="noRepairNeeded" className="button" disabled={pending}>
          No repair needed
        </button>
      </div>
      <FormOutcome state={state} />
    </form>
  );
};
