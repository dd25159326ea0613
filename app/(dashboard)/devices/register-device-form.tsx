"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import type { FormEvent } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { Field } from "@/components/ui/form-field";
import { DEVICE_MODEL_OPTIONS } from "@/lib/fleet/devices/device-model-labels";
import { registerDeviceAction } from "./actions";
import type { VehicleOption } from "./vehicle-choice-dialog";
import { ClientButton } from "@/components/ui/client-button";

/** Register a device by what it reports as, optionally bound to a vehicle at once. */
export const RegisterDeviceForm = ({ vehicles, onDone }: { vehicles: VehicleOption[]; onDone: () => void }) => {
  const { run, pending: isPending, message, failed, fieldErrors: errors } = useActionCall();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const vehicleId = String(form.get("vehicleId") ?? "");
    const body = {
      identifier: String(form.get("identifier") ?? ""),
      model: String(form.get("model") ?? ""),
      name: String(form.get("name") ?? ""),
      vehicleId: vehicleId === "" ? null : vehicleId,
    };
    run(
      () => registerDeviceAction(body),
      () => onDone(),
    );
  };
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  return (
    <form className="form form-panel" onSubmit={submit} aria-label="Register device" noValidate>
      <h2>Register device</h2>
      <div className="form-row">
        <Field
          label="Identifier"
          hint="What the device reports as: the IMEI of a Teltonika or GT06 tracker, the device id set in Traccar Client, or a serial."
          error={errors.identifier}
          errorId="identifier-error"
        >
          <input name="identifier" maxLength={100} required autoFocus autoComplete="off" spellCheck={false} {...invalid("identifier")} />
        </Field>
        <Field label="Model" error={errors.model} errorId="model-error">
          <select name="model" defaultValue="teltonika" {...invalid("model")}>
            {DEVICE_MODEL_OPTIONS.map(([model, label]) => (
              <option key={model} value={model}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Name (optional)" error={errors.name} errorId="name-error">
          <input name="name" maxLength={255} {...invalid("name")} />
        </Field>
        <Field label="Vehicle" hint="Its reports are stored for this vehicle; you can bind it later." error={errors.vehicleId} errorId="vehicleId-error">
          <select name="vehicleId" defaultValue="" {...invalid("vehicleId")}>
            <option value="">No vehicle yet</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {failed && message && (
        <p role="alert" className="form-error">
          {message}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton label="Register device" pendingLabel="Registering…" pending={isPending} />
        <ClientButton className="button" onClick={onDone}>
          Cancel
        </ClientButton>
      </div>
    </form>
  );
};
