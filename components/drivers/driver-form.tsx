"use client";

import Link from "next/link";
import { useActionState } from "react";
import type { DriverFormState } from "@/lib/dashboard/view/driver-form";

export type DriverFormValues = {
  name: string;
  username: string;
  phone: string;
  licenseNumber: string;
  licenseState: string;
  timezone: string;
  eldExempt: boolean;
  eldExemptReason: string;
  staticAssignedVehicleId: string;
  notes: string;
};

type FieldProps = {
  name: keyof DriverFormValues;
  label: string;
  hint?: string;
  errors: Record<string, string>;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode;
};

const Field = ({ name, label, hint, errors, children }: FieldProps) => {
  const error = errors[name];
  const id = `driver-${name}`;
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

/** Create/edit form; the server action validates with the driver schema and returns field errors. */
export const DriverForm = ({
  action,
  initial,
  vehicles,
  timezones,
  submitLabel,
}: {
  action: (state: DriverFormState, form: FormData) => Promise<DriverFormState>;
  initial: DriverFormValues;
  vehicles: { id: number; name: string }[];
  timezones: string[];
  submitLabel: string;
}) => {
  const [state, formAction, pending] = useActionState(action, { status: "idle", fieldErrors: {} });
  const errors = state.fieldErrors;
  // After a rejected submit, show what was typed, not the stored values.
  const value = (field: keyof DriverFormValues) => (state.values ? (state.values[field] ?? "") : String(initial[field] ?? ""));
  const key = state.values ? JSON.stringify(state.values) : "initial";
  return (
    <form action={formAction} className="form" noValidate key={key} aria-label="Driver">
      {state.message && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      <div className="form-grid">
        <Field name="name" label="Name" errors={errors}>
          {(props) => <input {...props} defaultValue={value("name")} autoComplete="off" />}
        </Field>
        <Field name="username" label="Username" hint="Letters, digits and . _ @ + -" errors={errors}>
          {(props) => <input {...props} defaultValue={value("username")} autoComplete="off" />}
        </Field>
        <Field name="phone" label="Phone" errors={errors}>
          {(props) => <input {...props} type="tel" defaultValue={value("phone")} />}
        </Field>
        <Field name="licenseNumber" label="License number" errors={errors}>
          {(props) => <input {...props} defaultValue={value("licenseNumber")} />}
        </Field>
        <Field name="licenseState" label="License state" errors={errors}>
          {(props) => <input {...props} defaultValue={value("licenseState")} />}
        </Field>
        <Field name="timezone" label="Home terminal time zone" hint="IANA name, e.g. America/Chicago" errors={errors}>
          {(props) => <input {...props} list="driver-timezones" defaultValue={value("timezone")} />}
        </Field>
        <Field name="staticAssignedVehicleId" label="Assigned vehicle" errors={errors}>
          {(props) => (
            <select {...props} defaultValue={value("staticAssignedVehicleId")}>
              <option value="">None</option>
              {vehicles.map((vehicle) => (
                <option key={vehicle.id} value={String(vehicle.id)}>
                  {vehicle.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="eldExemptReason" label="ELD exemption reason" errors={errors}>
          {(props) => <input {...props} defaultValue={value("eldExemptReason")} />}
        </Field>
      </div>
      <label className="checkbox-row">
        <input type="checkbox" name="eldExempt" defaultChecked={state.values ? state.values.eldExempt === "on" : initial.eldExempt} /> ELD exempt
      </label>
      <Field name="notes" label="Notes" errors={errors}>
        {(props) => <textarea {...props} rows={3} defaultValue={value("notes")} />}
      </Field>
      <datalist id="driver-timezones">
        {timezones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
        <Link href="/drivers" className="button-link">
          Cancel
        </Link>
      </div>
    </form>
  );
};
