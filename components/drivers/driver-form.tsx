"use client";

import { Link } from "@/components/ui/link";
import { useActionForm, type ActionFormState, type FormAction } from "@/components/ui/use-action-form";

export type DriverFormValues = {
  name: string;
  username: string;
  phone: string;
  licenseNumber: string;
  licenseState: string;
  timezone: string;
  eldExempt: boolean;
  eldExemptReason: string;
  eldPcEnabled: boolean;
  eldYmEnabled: boolean;
  staticAssignedVehicleId: string;
  notes: string;
};

type FieldProps = {
  /** A driver field, or the new driver's logbook password or PIN. */
  name: keyof DriverFormValues | "secret";
  label: string;
  hint?: string;
  error: (field: string) => string | undefined;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode;
};

const Field = ({ name, label, hint, error: errorOf, children }: FieldProps) => {
  const error = errorOf(name);
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

/**
 * Create/edit form; the server action validates with the driver schema and returns field errors
 * (and, after a post without the script, what was typed). */
export const DriverForm = ({
  action,
  initial,
  vehicles,
  timezones,
  submitLabel,
  asksSecret = false,
}: {
  action: FormAction<ActionFormState>;
  initial: DriverFormValues;
  vehicles: { id: number; name: string }[];
  timezones: string[];
  submitLabel: string;
  /** A new driver: their logbook password or PIN is set with them (an existing driver's has its own form). */
  asksSecret?: boolean;
}) => {
  const { props, pending, error, formError, typed } = useActionForm(action);
  const value = (field: Exclude<keyof DriverFormValues, "eldExempt" | "eldPcEnabled" | "eldYmEnabled">) => typed.value(field, initial[field]);
  return (
    <form {...props} className="form" noValidate aria-label="Driver">
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <Field name="name" label="Name" error={error}>
          {(props) => <input {...props} defaultValue={value("name")} autoComplete="off" />}
        </Field>
        <Field name="username" label="Username" hint="Letters, digits and . _ @ + -" error={error}>
          {(props) => <input {...props} defaultValue={value("username")} autoComplete="off" />}
        </Field>
        {asksSecret && (
          <Field
            name="secret"
            label="Logbook password or PIN"
            hint="A PIN of 6 to 12 digits or a password of 8 characters or more; empty: set it later."
            error={error}
          >
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={128} />}
          </Field>
        )}
        <Field name="phone" label="Phone" error={error}>
          {(props) => <input {...props} type="tel" defaultValue={value("phone")} />}
        </Field>
        <Field name="licenseNumber" label="License number" error={error}>
          {(props) => <input {...props} defaultValue={value("licenseNumber")} />}
        </Field>
        <Field name="licenseState" label="License state" error={error}>
          {(props) => <input {...props} defaultValue={value("licenseState")} />}
        </Field>
        <Field name="timezone" label="Home terminal time zone" hint="IANA name, e.g. America/Chicago" error={error}>
          {(props) => <input {...props} list="driver-timezones" defaultValue={value("timezone")} />}
        </Field>
        <Field name="staticAssignedVehicleId" label="Assigned vehicle" error={error}>
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
        <Field name="eldExemptReason" label="ELD exemption reason" error={error}>
          {(props) => <input {...props} defaultValue={value("eldExemptReason")} />}
        </Field>
      </div>
      <label className="checkbox-row">
        <input type="checkbox" name="eldExempt" defaultChecked={typed.checked("eldExempt", initial.eldExempt)} /> ELD exempt
      </label>
      <label className="checkbox-row">
        <input type="checkbox" name="eldPcEnabled" defaultChecked={typed.checked("eldPcEnabled", initial.eldPcEnabled)} /> Allow personal conveyance
      </label>
      <label className="checkbox-row">
        <input type="checkbox" name="eldYmEnabled" defaultChecked={typed.checked("eldYmEnabled", initial.eldYmEnabled)} /> Allow yard moves
      </label>
      <Field name="notes" label="Notes" error={error}>
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
