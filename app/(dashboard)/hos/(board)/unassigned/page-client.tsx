"use client";

import { FormOutcome } from "@/components/ui/form-outcome";
import { useActionForm } from "@/components/ui/use-action-form";
import { resolveUnassignedAction } from "./actions";

/** Assign a finished drive to a driver, or say why it is no driver's. */
export const ResolveDriveForm = ({ segmentId, drivers }: { segmentId: number; drivers: { id: number; name: string }[] }) => {
  const { props, state, pending, resetKey } = useActionForm(resolveUnassignedAction);
  return (
    <form {...props} key={resetKey} className="unassigned-resolve" aria-label={`Resolve drive ${segmentId}`}>
      <input type="hidden" name="segmentId" value={segmentId} />
      <label>
        Driver
        <select name="driverId" defaultValue="">
          <option value="">Choose a driver…</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" name="intent" value="assign" className="button-primary" disabled={pending}>
        Assign
      </button>
      <label>
        Or why it is no driver&apos;s
        <input name="annotation" maxLength={500} placeholder="e.g. yard move by a mechanic" />
      </label>
      <button type="submit" name="intent" value="annotate" className="button" disabled={pending}>
        Annotate
      </button>
      <FormOutcome state={state} />
    </form>
  );
};
