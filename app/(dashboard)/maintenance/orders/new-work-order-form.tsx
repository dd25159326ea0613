"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { openWorkOrderAction } from "../work-order-actions";

/** A work order by hand: a vehicle and what is to be done. */
export const NewWorkOrderForm = ({ vehicles }: { vehicles: { id: number; name: string }[] }) => {
  const { props, pending, error, formError, typed } = useActionForm(openWorkOrderAction);
  return (
    <form {...props} className="form form-panel" aria-label="New work order" noValidate>
      <h2>New work order</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Field label="Vehicle" errorId="order-vehicleId-error" error={error("vehicleId")}>
        <select name="vehicleId" defaultValue={typed.value("vehicleId", "")} aria-describedby="order-vehicleId-error">
          <option value="">Choose a vehicle</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="What is to be done" errorId="order-description-error" error={error("description")}>
        <input name="description" maxLength={1_000} defaultValue={typed.value("description", "")} aria-describedby="order-description-error" />
      </Field>
      <SubmitButton label="Open the work order" pending={pending} worksWithoutScript />
    </form>
  );
};
