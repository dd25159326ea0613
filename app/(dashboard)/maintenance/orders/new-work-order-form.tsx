"use client";

import { Link } from "@/components/ui/link";
import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { WORK_ORDER_SOURCE_LABELS } from "@/components/maintenance/work-order-labels";
import type { RepairSource } from "@/lib/processing/maintenance";
import { openWorkOrderAction } from "../work-order-actions";

/**
 * A work order: by hand, a vehicle and what is to be done; for a defect or a fault code (`source`), on that
 * defect's or code's vehicle, what is to be done starting from what was reported.
 */
export const NewWorkOrderForm = ({ vehicles, source }: { vehicles: { id: number; name: string }[]; source?: RepairSource }) => {
  const { props, pending, error, formError, typed } = useActionForm(openWorkOrderAction);
  return (
    <form {...props} className="form form-panel" aria-label="New work order" noValidate>
      <h2>New work order</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {source ? (
        <>
          <input type="hidden" name="vehicleId" value={source.vehicleId} />
          <input type="hidden" name="sourceType" value={source.sourceType} />
          <input type="hidden" name="sourceId" value={source.sourceId} />
          <p data-testid="work-order-source">
            For the {WORK_ORDER_SOURCE_LABELS[source.sourceType].toLowerCase()}{" "}
            {source.dvirId ? <Link href={`/inspections/${source.dvirId}`}>{source.name}</Link> : <strong>{source.name}</strong>} on{" "}
            <strong>{source.vehicleName}</strong>
          </p>
        </>
      ) : (
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
      )}
      <Field label="What is to be done" errorId="order-description-error" error={error("description")}>
        <input
          name="description"
          maxLength={1_000}
          defaultValue={typed.value("description", source?.description ?? "")}
          aria-describedby="order-description-error"
        />
      </Field>
      <SubmitButton label="Open the work order" pending={pending} worksWithoutScript />
    </form>
  );
};
