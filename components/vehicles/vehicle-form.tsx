"use client";

import Link from "next/link";
import { useActionState } from "react";
import type { VehicleFormState } from "@/lib/dashboard/view/vehicle-form";

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
  notes: string;
  /** `key=value` per line. */
  externalIds: string;
  tagIds: string[];
};

type FieldProps = {
  name: keyof VehicleFormValues;
  label: string;
  hint?: string;
  errors: Record<string, string>;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode;
};

const Field = ({ name, label, hint, errors, children }: FieldProps) => {
  const error = errors[name];
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

/** Create/edit form; the server action validates with the public interface's vehicle schema and returns field errors. */
export const VehicleForm = ({
  action,
  initial,
  vehicleTypes,
  tags,
  submitLabel,
}: {
  action: (state: VehicleFormState, form: FormData) => Promise<VehicleFormState>;
  initial: VehicleFormValues;
  vehicleTypes: readonly string[];
  tags: { id: number; name: string }[];
  submitLabel: string;
}) => {
  const [state, formAction, pending] = useActionState(action, { status: "idle", fieldErrors: {} });
  const errors = state.fieldErrors;
  // After a rejected submit, show what was typed, not the stored values.
  const value = (field: Exclude<keyof VehicleFormValues, "tagIds">) => (state.values ? (state.values[field] ?? "") : initial[field]);
  const key = state.values ? JSON.stringify(state.values) : "initial";
  return (
    <form action={formAction} className="form" noValidate key={key} aria-label="Vehicle">
      {state.message && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      <div className="form-grid">
        <Field name="name" label="Name" errors={errors}>
          {(props) => <input {...props} defaultValue={value("name")} autoComplete="off" />}
        </Field>
        <Field name="vin" label="VIN" hint="17 characters; the 9th is a check digit" errors={errors}>
          {(props) => <input {...props} defaultValue={value("vin")} autoComplete="off" spellCheck={false} maxLength={20} />}
        </Field>
        <Field name="licensePlate" label="License plate" errors={errors}>
          {(props) => <input {...props} defaultValue={value("licensePlate")} />}
        </Field>
        <Field name="make" label="Make" errors={errors}>
          {(props) => <input {...props} defaultValue={value("make")} />}
        </Field>
        <Field name="model" label="Model" errors={errors}>
          {(props) => <input {...props} defaultValue={value("model")} />}
        </Field>
        <Field name="year" label="Year" errors={errors}>
          {(props) => <input {...props} inputMode="numeric" defaultValue={value("year")} />}
        </Field>
        <Field name="vehicleType" label="Type" errors={errors}>
          {(props) => (
            <select {...props} defaultValue={value("vehicleType")}>
              {vehicleTypes.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </Field>
        <Field name="vehicleSubType" label="Sub-type" hint="e.g. Rear loader" errors={errors}>
          {(props) => <input {...props} defaultValue={value("vehicleSubType")} />}
        </Field>
        <Field name="trailers" label="Trailers" hint="Free text, e.g. TR-104, TR-220" errors={errors}>
          {(props) => <input {...props} defaultValue={value("trailers")} />}
        </Field>
        <Field name="tagIds" label="Tags" hint="Ctrl or ⌘ to pick several" errors={errors}>
          {(props) => (
            <select {...props} multiple size={Math.min(6, Math.max(2, tags.length))} defaultValue={state.values ? [] : initial.tagIds}>
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
      <Field name="externalIds" label="External ids" hint="One key=value per line (your systems' ids for this vehicle)" errors={errors}>
        {(props) => <textarea {...props} rows={2} defaultValue={value("externalIds")} />}
      </Field>
      <Field name="notes" label="Notes" errors={errors}>
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
