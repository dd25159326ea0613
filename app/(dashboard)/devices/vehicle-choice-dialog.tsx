"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import type { FormEvent, ReactNode } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { closeDialogOf, ModalDialog } from "@/components/ui/modal-dialog";
import type { ActionResult } from "@/lib/access/actions";
import { ClientButton } from "@/components/ui/client-button";

export type VehicleOption = { id: number; name: string };

type VehicleChoiceDialogProps = {
  title: string;
  children: ReactNode;
  vehicles: VehicleOption[];
  /** The vehicle chosen at first (the device's current one). */
  current: number | null;
  /** Offers "No vehicle" (unbind). */
  allowNone: boolean;
  submitLabel: string;
  onSubmit: (vehicleId: number | null) => Promise<ActionResult>;
  onClose: () => void;
};

/** Choose the vehicle a device reports for: bind, move, unbind, or claim an unclaimed device. */
export const VehicleChoiceDialog = ({ title, children, vehicles, current, allowNone, submitLabel, onSubmit, onClose }: VehicleChoiceDialogProps) => {
  const { run, pending: isPending, failed, message, error: errorOf } = useActionCall();
  const error = failed ? (errorOf("vehicleId") ?? message) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = String(new FormData(form).get("vehicleId") ?? "");
    run(
      () => onSubmit(value === "" ? null : Number(value)),
      () => closeDialogOf(form),
    );
  };
  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        {children}
        <label>
          Vehicle
          <select name="vehicleId" defaultValue={current ?? ""} required={!allowNone} aria-describedby={error ? "vehicle-choice-error" : undefined}>
            <option value="">{allowNone ? "No vehicle (unbind)" : "Choose a vehicle…"}</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.name}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p id="vehicle-choice-error" role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <ClientButton className="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
            Cancel
          </ClientButton>
          <SubmitButton label={submitLabel} pendingLabel="Saving…" pending={isPending} />
        </div>
      </form>
    </ModalDialog>
  );
};
