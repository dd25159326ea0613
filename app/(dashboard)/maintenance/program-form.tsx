"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { DISTANCE_UNIT_LABELS, type DistanceUnit } from "@/lib/platform/units";
import { saveProgramAction } from "./actions";

type Option = { id: number; name: string };
/** A stored program as the form shows it (distance already in the company's unit). */
export type ProgramDefaults = {
  id: number;
  name: string;
  intervalDistance: number | null;
  intervalEngineHours: number | null;
  intervalMonths: number | null;
  vehicleIds: number[];
  tagIds: number[];
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** A new program, or an existing one's changes: intervals (any of distance, engine hours, months) and the vehicles and tags it covers. */
export const ProgramForm = ({ unit, vehicles, tags, program }: { unit: DistanceUnit; vehicles: Option[]; tags: Option[]; program?: ProgramDefaults }) => {
  const { props, pending, error, formError, typed } = useActionForm(saveProgramAction);
  const many = (name: "vehicleIds" | "tagIds", label: string, hint: string, options: Option[]) => (
    <Field label={label} hint={hint} errorId={`program-${name}-error`} error={error(name)}>
      <select
        name={name}
        multiple
        size={Math.min(6, Math.max(2, options.length))}
        defaultValue={typed.values(name, (program?.[name] ?? []).map(String))}
        aria-describedby={`program-${name}-error`}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </Field>
  );
  // One interval's number; its error is reported under the action's own field name (distance is stored in meters).
  const interval = (
    name: "intervalDistance" | "intervalEngineHours" | "intervalMonths",
    label: string,
    errorName: string = name,
    whole?: { max: number; step: number; inputMode: "numeric" },
  ) => (
    <Field label={label} errorId={`program-${errorName}-error`} error={error(errorName)}>
      <input
        name={name}
        type="number"
        min={1}
        max={whole?.max}
        step={whole?.step ?? "any"}
        inputMode={whole?.inputMode ?? "decimal"}
        defaultValue={typed.value(name, text(program?.[name]))}
        aria-describedby={`program-${errorName}-error`}
      />
    </Field>
  );
  return (
    <form {...props} className="form form-panel" aria-label={program ? "Edit the program" : "New program"} noValidate>
      <h2>{program ? `Edit ${program.name}` : "New program"}</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {program && <input type="hidden" name="programId" value={program.id} />}
      <input type="hidden" name="unit" value={unit} />
      <Field label="Name" hint="The service, as a mechanic reads it: “Oil change”, “Brake inspection”." errorId="program-name-error" error={error("name")}>
        <input name="name" maxLength={100} autoComplete="off" defaultValue={typed.value("name", program?.name ?? "")} aria-describedby="program-name-error" />
      </Field>
      <fieldset>
        <legend>Every (whichever comes first; leave out what does not apply)</legend>
        {interval("intervalDistance", `Distance (${DISTANCE_UNIT_LABELS[unit]})`, "intervalMeters")}
        {interval("intervalEngineHours", "Engine hours")}
        {interval("intervalMonths", "Months", "intervalMonths", { max: 120, step: 1, inputMode: "numeric" })}
      </fieldset>
      {many("vehicleIds", "Vehicles", "Ctrl or ⌘ to choose more than one.", vehicles)}
      {tags.length > 0 && many("tagIds", "Vehicles with these tags", "A tag covers the tags under it; a vehicle tagged later joins at its next report.", tags)}
      <SubmitButton label={program ? "Save the program" : "Create the program"} pending={pending} worksWithoutScript />
    </form>
  );
};
