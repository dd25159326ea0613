"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone/zoned-time";
import { completeSetupAction } from "./actions";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");

type Field = { name: string; label: string; type?: string; autoComplete?: string; hint?: string };

const COMPANY_NAME: Field = { name: "companyName", label: "Company name", autoComplete: "organization" };
const ADMIN_FIELDS: Field[] = [
  { name: "adminName", label: "Your name", autoComplete: "name" },
  { name: "email", label: "Your e-mail (you sign in with it)", type: "email", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password", hint: "At least 12 characters." },
];

/** The first-run form: the company, its clock and units, and its first admin. */
export const SetupForm = ({ token }: { token: string }) => {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const result = await completeSetupAction(token, Object.fromEntries(new FormData(event.currentTarget)));
    setPending(false);
    if (result.ok) return router.replace("/login");
    setErrors(result.fieldErrors);
    setMessage(result.message);
  };

  const describedBy = (name: string, hint?: string) => [hint && `${name}-hint`, errors[name] && `${name}-error`].filter(Boolean).join(" ") || undefined;
  const errorFor = (name: string) => errors[name] && <p id={`${name}-error`} className="form-error">{errors[name]}</p>;

  const textField = ({ name, label, type, autoComplete, hint }: Field) => (
    <div key={name} className="form-field">
      <label>
        {label}
        <input name={name} type={type} autoComplete={autoComplete} required aria-invalid={Boolean(errors[name])} aria-describedby={describedBy(name, hint)} />
      </label>
      {hint && <p id={`${name}-hint`} className="field-hint">{hint}</p>}
      {errorFor(name)}
    </div>
  );

  return (
    <form onSubmit={submit} className="form" noValidate>
      {textField(COMPANY_NAME)}
      <div className="form-field">
        <label>
          Time zone
          <select name="timeZone" defaultValue={DEFAULT_TIME_ZONE} aria-invalid={Boolean(errors.timeZone)} aria-describedby={describedBy("timeZone")}>
            {TIME_ZONES.map((zone) => <option key={zone}>{zone}</option>)}
          </select>
        </label>
        {errorFor("timeZone")}
      </div>
      <fieldset>
        <legend>Distances in</legend>
        <label className="choice"><input type="radio" name="distanceUnit" value="mi" defaultChecked /> miles</label>
        <label className="choice"><input type="radio" name="distanceUnit" value="km" /> kilometres</label>
        {errorFor("distanceUnit")}
      </fieldset>
      {ADMIN_FIELDS.map(textField)}
      {message && <p role="alert" className="form-error">{message}</p>}
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? "Creating…" : "Create the company"}
      </button>
    </form>
  );
};
