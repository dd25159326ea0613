"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { setDvirRetentionAction } from "./actions";

/** The choices offered: the rule's three months and longer; the domain takes any whole number of months in its range. */
const CHOICES = [3, 6, 12, 24, 36, 60, 120];

const labelOf = (months: number) => (months % 12 === 0 ? `${months / 12} year${months === 12 ? "" : "s"}` : `${months} months`);

/** How long reports are kept before the daily retention deletes them (never a report with an open defect). */
export const RetentionForm = ({ months }: { months: number | null }) => {
  const { props, pending, error, formError, typed } = useActionForm(setDvirRetentionAction);
  const current = months === null ? "forever" : String(months);
  const choices = months === null || CHOICES.includes(months) ? CHOICES : [...CHOICES, months].sort((a, b) => a - b);
  return (
    <form {...props} className="form form-panel" aria-label="Report retention" noValidate>
      <h2>Report retention</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Field
        label="Keep reports for"
        hint="49 CFR 396.11: at least 3 months. Older reports are deleted daily with their photos, never one with a defect still open."
        errorId="retention-months-error"
        error={error("months")}
      >
        <select name="months" defaultValue={typed.value("months", current)} aria-describedby="retention-months-error">
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labelOf(choice)}
            </option>
          ))}
          <option value="forever">Forever</option>
        </select>
      </Field>
      <SubmitButton label="Save retention" pending={pending} worksWithoutScript />
    </form>
  );
};
