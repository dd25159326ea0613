"use client";

import { sendDeviceCommandAction } from "@/app/(dashboard)/devices/actions";
import { Field, FieldError } from "@/components/ui/form-field";
import { FormOutcome } from "@/components/ui/form-outcome";
import { useActionForm } from "@/components/ui/use-action-form";

/**
 * The buttons that command a vehicle's tracker: stop the engine (only with the box ticked), allow it
 * to start, ask for a position now, or send the protocol's own text.
 */
export const DeviceCommandForm = ({ vehicleId, vehicleName }: { vehicleId: number; vehicleName: string }) => {
  const { props, state, pending, error, invalid } = useActionForm(sendDeviceCommandAction);
  return (
    <form {...props} className="device-commands" aria-label={`Commands to ${vehicleName}'s tracker`}>
      <input type="hidden" name="vehicleId" value={vehicleId} />
      <label className="checkbox-row">
        <input type="checkbox" name="confirm" {...invalid("confirm")} /> For an engine stop: the engine will not restart until I allow it
      </label>
      <FieldError id="confirm-error" message={error("confirm")} />
      <div className="actions">
        <button type="submit" name="kind" value="engineStop" className="button button-danger" disabled={pending}>
          Stop engine
        </button>
        <button type="submit" name="kind" value="engineResume" className="button" disabled={pending}>
          Allow engine start
        </button>
        <button type="submit" name="kind" value="requestPosition" className="button" disabled={pending}>
          Request position
        </button>
      </div>
      <Field label="Command in the tracker's own words (optional)" error={error("text")} errorId="text-error">
        <input name="text" maxLength={160} autoComplete="off" {...invalid("text")} />
      </Field>
      <div className="actions">
        <button type="submit" name="kind" value="custom" className="button" disabled={pending}>
          Send command
        </button>
      </div>
      <FormOutcome state={state} />
    </form>
  );
};
