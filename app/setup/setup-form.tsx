"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { HOS_RULES_HINT } from "@/lib/dashboard/view/hos-rules";
import { HosRulesOptions } from "@/components/settings/hos-rules-options";
import { DEFAULT_TIME_ZONE } from "@/lib/platform/zoned-time";
import { CityField } from "@/components/settings/city-field";
import { HOME_CITY_HINT } from "@/lib/dashboard/view/map-start";
import { completeSetupAction, searchSetupCitiesAction } from "./actions";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");

type Field = { name: string; label: string; type?: string; autoComplete?: string; hint?: string };

const COMPANY_NAME: Field = { name: "companyName", label: "Company name", autoComplete: "organization" };
const ADMIN_FIELDS: Field[] = [
  { name: "adminName", label: "Your name", autoComplete: "name" },
  { name: "email", label: "Your e-mail (you sign in with it)", type: "email", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password", hint: "At least 12 characters." },
];

/** The first-run form: the company, its clock and units, and its first admin (posts without the page's script too). */
export const SetupForm = ({ token }: { token: string }) => {
  const form = useActionForm(completeSetupAction.bind(null, token));

  const describedBy = (name: string, hint?: string) => [hint && `${name}-hint`, form.error(name) && `${name}-error`].filter(Boolean).join(" ") || undefined;
  const errorFor = (name: string) =>
    form.error(name) && (
      <p id={`${name}-error`} className="form-error">
        {form.error(name)}
      </p>
    );

  const textField = ({ name, label, type, autoComplete, hint }: Field) => (
    <div key={name} className="form-field">
      <label>
        {label}
        <input
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          aria-invalid={Boolean(form.error(name))}
          aria-describedby={describedBy(name, hint)}
        />
      </label>
      {hint && (
        <p id={`${name}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {errorFor(name)}
    </div>
  );

  return (
    <form {...form.props} className="form" noValidate>
      {textField(COMPANY_NAME)}
      <div className="form-field">
        <label>
          Time zone
          <select name="timeZone" defaultValue={DEFAULT_TIME_ZONE} aria-invalid={Boolean(form.error("timeZone"))} aria-describedby={describedBy("timeZone")}>
            {TIME_ZONES.map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>
        </label>
        {errorFor("timeZone")}
      </div>
      <fieldset>
        <legend>Distances in</legend>
        <label className="choice">
          <input type="radio" name="distanceUnit" value="mi" defaultChecked /> miles
        </label>
        <label className="choice">
          <input type="radio" name="distanceUnit" value="km" /> kilometres
        </label>
        {errorFor("distanceUnit")}
      </fieldset>
      <div className="form-field">
        <label>
          Hours-of-service rules
          <select
            name="hosRules"
            defaultValue="us70_8"
            aria-invalid={Boolean(form.error("hosRules"))}
            aria-describedby={describedBy("hosRules", HOS_RULES_HINT)}
          >
            <HosRulesOptions />
          </select>
        </label>
        <p id="hosRules-hint" className="field-hint">
          {HOS_RULES_HINT}
        </p>
        {errorFor("hosRules")}
      </div>
      <CityField
        name="homeCity"
        label="Home city (optional)"
        hint={HOME_CITY_HINT}
        search={(query) => searchSetupCitiesAction(token, query)}
        error={form.error("homeCity")}
      />
      {ADMIN_FIELDS.map(textField)}
      {form.message && (
        <p role="alert" className="form-error">
          {form.message}
        </p>
      )}
      <SubmitButton label="Create the company" pendingLabel="Creating…" pending={form.pending} worksWithoutScript />
    </form>
  );
};
