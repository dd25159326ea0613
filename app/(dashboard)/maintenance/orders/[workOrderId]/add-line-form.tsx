"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { addWorkOrderLineAction } from "../../work-order-actions";

/** A part or labour line of an open work order. */
export const AddLineForm = ({ workOrderId }: { workOrderId: number }) => {
  const { props, pending, error, formError, typed } = useActionForm(addWorkOrderLineAction);
  return (
    <form {...props} className="form form-panel" aria-label="Add a part or labor" noValidate>
      <h2>Add a part or labor</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <input type="hidden" name="workOrderId" value={workOrderId} />
      <Field label="Kind" errorId="line-kind-error" error={error("kind")}>
        <select name="kind" defaultValue={typed.value("kind", "part")} aria-describedby="line-kind-error">
          <option value="part">Part</option>
          <option value="labor">Labor (hours)</option>
        </select>
      </Field>
      <Field label="Item" errorId="line-description-error" error={error("description")}>
        <input name="description" maxLength={200} defaultValue={typed.value("description", "")} aria-describedby="line-description-error" />
      </Field>
      <Field label="Quantity" errorId="line-quantity-error" error={error("quantity")}>
        <input name="quantity" type="number" min={0} step="any" defaultValue={typed.value("quantity", "1")} aria-describedby="line-quantity-error" />
      </Field>
      <Field label="Unit cost" errorId="line-unitCostCents-error" error={error("unitCostCents") ?? error("unitCost")}>
        <input name="unitCost" type="number" min={0} step="0.01" defaultValue={typed.value("unitCost", "")} aria-describedby="line-unitCostCents-error" />
      </Field>
      <SubmitButton label="Add the line" pending={pending} worksWithoutScript />
    </form>
  );
};
