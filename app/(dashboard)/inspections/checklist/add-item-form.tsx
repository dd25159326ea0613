"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { addDefectTypeAction } from "./actions";
import { SECTION_LABELS } from "./section-labels";

/** The checklist's add form: works before the page's script runs, and shows what was typed beside its errors. */
export const AddItemForm = () => {
  const { props, pending, error, formError, typed } = useActionForm(addDefectTypeAction);
  return (
    <form {...props} className="form form-panel" aria-label="Add a checklist item" noValidate>
      <h2>Add an item</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Field
        label="Item"
        hint="What the driver checks, as they will read it: “Fifth wheel”, “Tarp straps”."
        errorId="checklist-label-error"
        error={error("label")}
      >
        <input
          name="label"
          maxLength={100}
          defaultValue={typed.value("label", "")}
          autoComplete="off"
          aria-invalid={error("label") ? true : undefined}
          aria-describedby="checklist-label-error"
        />
      </Field>
      <Field label="Where on the vehicle" errorId="checklist-section-error" error={error("sectionType")}>
        <select name="sectionType" defaultValue={typed.value("sectionType", "exteriorSideUnderneath")} aria-describedby="checklist-section-error">
          {Object.entries(SECTION_LABELS).map(([section, label]) => (
            <option key={section} value={section}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <SubmitButton label="Add to the checklist" pending={pending} worksWithoutScript />
    </form>
  );
};
