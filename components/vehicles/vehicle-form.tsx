"use client";

import { Link } from "@/components/ui/link";
import { useActionForm, type ActionFormState, type FormAction } from "@/components/ui/use-action-form";

export type VehicleFormValues = {
  name: string;
  vin: string;
  licensePlate: string;
  make: string;
  model: string;
  year: string;
  vehicleType: string;
  vehicleSubType: string;
  trailers: string;
  powerUnitNumber: string;
  notes: string;
  /** `key=value` per line. */
  externalIds: string;
  tagIds: string[];
};

type FieldProps = {
  name: keyof VehicleFormValues;
  label: string;
  hint?: string;
  error: (field: string) => string | undefined;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode;
};

const Field = ({ name, label, hint, error: errorOf, children }: FieldProps) => {
  const error = errorOf(name);
  const id = `vehicle-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, "aria-invalid": Boolean(error), "aria-describedby": error ? `${id}-error` : hintId })}
      {hint && !error && (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
};

/**
 * Create/edit form; the server action validates with the public interface's vehicle schema and returns field errors
 * (and, after a post without the script, what was typed). */
export const VehicleForm = ({
  action,
  initial,
  vehicleTypes,
  tags,
  submitLabel,
}: {
  action: FormAction<ActionFormState>;
  initial: VehicleFormValues;
  vehicleTypes: readonly string[];
  tags: { id: number; name: string }[];
  submitLabel: string;
}) => {
  const { props, pending, error, formError, typed } = useActionForm(action);
  const value = (field: Exclude<keyof VehicleFormValues, "tagIds">) => typed.value(field, initial[field]);
  return (
    <form {...props} className="form" noValidate aria-label="Vehicle">
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <Field name="name" label="Name" error={error}>
          {(props) => <input {...props} defaultValue={value("name")} autoComplete="off" />}
        </Field>
        <Field name="vin" label="VIN" hint="17 characters; the 9th is a check digit" error={error}>
          {(props) => <input {...props} defaultValue={value("vin")} autoComplete="off" spellCheck={false} maxLength={20} />}
        </Field>
        <Field name="licensePlate" label="License plate" error={error}>
          {(props) => <input {...props} defaultValue={value("licensePlate")} />}
        </Field>
        <Field name="make" label="Make" error={error}>
          {(props) => <input {...props} defaultValue={value("make")} />}
        </Field>
        <Field name="model" label="Model" error={error}>
          {(props) => <input {...props} defaultValue={value("model")} />}
        </Field>
        <Field name="year" label="Year" error={error}>
          {(props) => <input {...props} inputMode="numeric" defaultValue={value("year")} />}
        </Field>
        <Field name="vehicleType" label="Type" error={error}>
          {(props) => (
            <select {...props} defaultValue={value("vehicleType")}>
              {vehicleTypes.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </Field>
        <Field name="vehicleSubType" label="Sub-type" hint="e.g. Rear loader" error={error}>
          {(props) => <input {...props} defaultValue={value("vehicleSubType")} />}
        </Field>
        <Field name="trailers" label="Trailers" hint="Free text, e.g. TR-104, TR-220" error={error}>
          {(props) => <input {...props} defaultValue={value("trailers")} />}
        </Field>
        <Field name="powerUnitNumber" label="Power unit number" hint="ELD records; at most 10 characters (empty: from the name)" error={error}>
          {(props) => <input {...props} maxLength={10} defaultValue={value("powerUnitNumber")} />}
        </Field>
        <Field name="tagIds" label="Tags" hint="Ctrl or ⌘ to pick several" error={error}>
          {(props) => (
            <select {...props} multiple size={Math.min(6, Math.max(2, tags.length))} defaultValue={typed.values("tagIds", initial.tagIds)}>
              {tags.map((tag) => (
                <option key={tag.id} value={String(tag.id)}>
                  {tag.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <input type="hidden" name="tagsShown" value="1" />
      <Field name="externalIds" label="External ids" hint="One key=value per line (your systems' ids for this vehicle)" error={error}>
        {(props) => <textarea {...props} rows={2} defaultValue={value("externalIds")} />}
      </Field>
      <Field name="notes" label="Notes" error={error}>
        {(props) => <textarea {...props} rows={3} defaultValue={value("notes")} />}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
        <Link href="/vehicles" className="button-link">
          Cancel
        </Link>
      </div>
    </form>
  );
};
