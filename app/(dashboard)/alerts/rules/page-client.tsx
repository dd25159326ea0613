"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useState } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import type { ActionResult } from "@/lib/access/actions";
import { Field, FieldError } from "@/components/ui/form-field";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { readWorkingHours, WorkingHoursFields } from "@/components/alerts/working-hours-fields";
import { useTimeZone } from "@/components/ui/time-zone";
import { useDistanceUnit } from "@/components/ui/company-units";
import { convertSpeed, SPEED_UNIT_LABELS } from "@/lib/platform/units";
import { ALERT_TRIGGER_LABELS, HOS_ALERT_CLOCKS, HOS_CLOCK_LABELS, type AlertTriggerType } from "@/lib/processing/alerts/alert-trigger";
import { HARSH_EVENT_KIND_LABELS } from "@/lib/processing/alerts/harsh-event-trigger";
import { SAFETY_EVENT_KINDS, SAFETY_EVENT_SEVERITIES } from "@/db/schema";
import { createAlertRuleAction, deleteAlertRuleAction, setAlertRuleEnabledAction } from "../actions";
import { ClientButton } from "@/components/ui/client-button";

type RuleView = { id: number; name: string; isEnabled: boolean; watches: string; places: string; scope: string; emails: string };

const TYPES = Object.keys(ALERT_TRIGGER_LABELS) as AlertTriggerType[];
const PLACE_TYPES: AlertTriggerType[] = ["placeEntry", "placeExit", "placeDwell"];
const MINUTES_TYPES: AlertTriggerType[] = ["placeDwell", "idling", "deviceSilent", "engineOn", "missingDvir"];
/** What the minutes count, where it is not how long the condition lasts. */
const MINUTES_LABELS: Partial<Record<AlertTriggerType, string>> = { missingDvir: "Minutes after the last trip ends" };

/** Alert rules: the company's rules with enable and delete, and a form for a new one (admins and managers). */
type Option = { id: number; name: string };

/** A labelled list of `options` to choose any number from (none chosen means what `hint` says). */
const ChooseMany = ({ label, name, hint, options }: { label: string; name: string; hint: string; options: readonly Option[] }) => (
  <Field label={label} hint={hint} errorId={`rule-${name}-error`}>
    <select name={name} multiple size={Math.min(6, Math.max(2, options.length))} defaultValue={[]}>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  </Field>
);

export const RulesPageClient = ({
  rules,
  places,
  tags,
  users,
  vehicles,
  canManage,
}: {
  rules: RuleView[];
  places: Option[];
  tags: Option[];
  users: Option[];
  vehicles: Option[];
  canManage: boolean;
}) => {
  const timeZone = useTimeZone();
  const unit = useDistanceUnit();
  const [type, setType] = useState<AlertTriggerType>("placeEntry");
  const [faultChoice, setFaultChoice] = useState<"any" | "mil" | "codes">("any");
  const call = useActionCall({ refresh: true });
  const { pending: isPending, message, fieldErrors } = call;
  const run = (action: () => Promise<ActionResult>, done: string) => call.run(action, () => done);

  const submit = (form: FormData) => {
    const number = (name: string) => String(form.get(name) ?? "");
    const ids = (name: string) => form.getAll(name).map(String);
    const trigger = {
      type,
      ...(PLACE_TYPES.includes(type) ? { placeIds: ids("placeIds") } : {}),
      // Typed in the company's unit, kept in km/h (Samsara's speedKilometersPerHour).
      ...(type === "speeding" ? { speedKph: String(Math.round(Number(number("speedInUnit")) / convertSpeed(1 / 3.6, unit))), seconds: number("seconds") } : {}),
      ...(type === "fuelLow" ? { percent: number("percent"), minutes: number("minutes") || "0" } : {}),
      ...(MINUTES_TYPES.includes(type) ? { minutes: number("minutes") } : {}),
      ...(type === "faultCode" ? { codes: faultChoice === "codes" ? number("codes") : "", milOnly: faultChoice === "mil" } : {}),
      ...(type === "hosTimeLeft" ? { clock: number("clock"), minutes: number("minutesLeft") } : {}),
      ...(type === "maintenanceDue" ? { includeDueSoon: form.get("includeDueSoon") === "on" } : {}),
      ...(type === "harshEvent" ? { kinds: ids("harshKinds"), minSeverity: number("minSeverity") || null } : {}),
    };
    const operationalSettings = readWorkingHours(form, timeZone);
    run(
      () =>
        createAlertRuleAction({
          name: form.get("name"),
          trigger,
          vehicleIds: ids("vehicleIds"),
          tagIds: ids("tagIds"),
          operationalSettings,
          emailUserIds: ids("emailUserIds"),
        }),
      "Rule created.",
    );
  };

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Alert rules</h1>
          <p className="muted">
            Each rule watches every vehicle, or the vehicles you choose and those with the tags you choose, for one condition; an incident lands in the inbox,
            goes to your webhooks and, when mail is set up, to the users the rule e-mails.
          </p>
        </div>
      </div>
      {message && (
        <p role="status" className="form-message">
          {message}
        </p>
      )}
      <ScrollRegion label="Alert rules">
        <table className="data cards-on-phone" data-testid="alert-rules">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Watches</th>
              <th scope="col">Places</th>
              <th scope="col">Vehicles</th>
              <th scope="col">E-mails</th>
              <th scope="col">Status</th>
              {canManage && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.id}>
                <td data-label="Name">{rule.name}</td>
                <td data-label="Watches">{rule.watches}</td>
                <td data-label="Places">{rule.places || "—"}</td>
                <td data-label="Vehicles">{rule.scope}</td>
                <td data-label="E-mails">{rule.emails || "—"}</td>
                <td data-label="Status">{rule.isEnabled ? "On" : "Off"}</td>
                {canManage && (
                  <td data-label="Actions">
                    <div className="form-actions">
                      <ClientButton
                        className="button"
                        disabled={isPending}
                        aria-label={`${rule.isEnabled ? "Turn off" : "Turn on"} ${rule.name}`}
                        onClick={() => run(() => setAlertRuleEnabledAction(rule.id, !rule.isEnabled), rule.isEnabled ? "Rule turned off." : "Rule turned on.")}
                      >
                        {rule.isEnabled ? "Turn off" : "Turn on"}
                      </ClientButton>
                      <ClientButton
                        className="button-danger"
                        disabled={isPending}
                        aria-label={`Delete ${rule.name}`}
                        onClick={() => run(() => deleteAlertRuleAction(rule.id), "Rule deleted.")}
                      >
                        Delete
                      </ClientButton>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {rules.length === 0 && <p className="muted">No rules yet.</p>}
      {canManage ? (
        <form className="form place-form" aria-label="New rule" action={submit}>
          <h2>New rule</h2>
          <Field label="Name" errorId="rule-name-error" error={fieldErrors.name}>
            <input name="name" required maxLength={255} aria-describedby="rule-name-error" />
          </Field>
          <label>
            When a vehicle
            <select name="type" value={type} onChange={(event) => setType(event.target.value as AlertTriggerType)}>
              {TYPES.map((value) => (
                <option key={value} value={value}>
                  {ALERT_TRIGGER_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          {PLACE_TYPES.includes(type) && places.length > 0 && (
            <ChooseMany label="Places" name="placeIds" hint="Choose one or more (Ctrl or ⌘ for more); none chosen: every place." options={places} />
          )}
          {tags.length > 0 && <ChooseMany label="Vehicles with these tags" name="tagIds" hint="None chosen here or below: every vehicle." options={tags} />}
          {vehicles.length > 0 && (
            <ChooseMany
              label="These vehicles and trailers"
              name="vehicleIds"
              hint="The rule watches these and the tagged ones; none chosen in either: every vehicle and trailer."
              options={vehicles}
            />
          )}
          {users.length > 0 && (
            <label>
              E-mail these users
              <select name="emailUserIds" multiple size={Math.min(5, Math.max(2, users.length))} defaultValue={[]}>
                {users.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {type === "speeding" && (
            <>
              <Field label={`Speed over (${SPEED_UNIT_LABELS[unit]})`} errorId="rule-speed-error">
                <input name="speedInUnit" type="number" min={1} max={unit === "mi" ? 250 : 400} required defaultValue={unit === "mi" ? 65 : 100} />
              </Field>
              <Field label="For at least (seconds)" errorId="rule-seconds-error">
                <input name="seconds" type="number" min={0} max={3600} required defaultValue={30} />
              </Field>
            </>
          )}
          {type === "fuelLow" && (
            <Field label="Fuel below (%)" errorId="rule-percent-error">
              <input name="percent" type="number" min={1} max={100} required defaultValue={15} />
            </Field>
          )}
          {type === "faultCode" && (
            <>
              <label>
                Which codes
                <select name="faultChoice" value={faultChoice} onChange={(event) => setFaultChoice(event.target.value as typeof faultChoice)}>
                  <option value="any">Any fault code</option>
                  <option value="mil">Codes that light the check-engine lamp</option>
                  <option value="codes">These codes</option>
                </select>
              </label>
              {faultChoice === "codes" && (
                <Field label="Codes (P0300, or J1939 SPN-FMI such as 100-1)" errorId="rule-codes-error" error={fieldErrors["trigger.codes"]}>
                  <input name="codes" required maxLength={500} placeholder="P0300, 100-1" aria-describedby="rule-codes-error" />
                </Field>
              )}
            </>
          )}
          {type === "hosTimeLeft" && (
            <>
              <label>
                Clock
                <select name="clock" defaultValue="ShiftDrivingHours">
                  {HOS_ALERT_CLOCKS.map((clock) => (
                    <option key={clock} value={clock}>
                      {HOS_CLOCK_LABELS[clock]}
                    </option>
                  ))}
                </select>
              </label>
              <Field label="Minutes left at most (0: the violation)" errorId="rule-minutes-left-error">
                <input name="minutesLeft" type="number" min={0} max={1440} required defaultValue={30} />
              </Field>
            </>
          )}
          {type === "maintenanceDue" && (
            <label className="choice">
              <input type="checkbox" name="includeDueSoon" />
              Also when due soon (less than 10 % of an interval left), not only overdue
            </label>
          )}
          {type === "harshEvent" && (
            <>
              <fieldset aria-describedby="rule-kinds-error">
                <legend>Events</legend>
                {SAFETY_EVENT_KINDS.map((kind) => (
                  <label key={kind} className="choice">
                    <input type="checkbox" name="harshKinds" value={kind} defaultChecked={kind !== "harshAcceleration"} />
                    {HARSH_EVENT_KIND_LABELS[kind]}
                  </label>
                ))}
              </fieldset>
              <FieldError id="rule-kinds-error" message={fieldErrors["trigger.kinds"]} />
              <Field
                label="At least this severity"
                hint="From the device's peak g: light under 0.4 g, moderate under 0.6 g, then severe; a crash is severe."
                errorId="rule-severity-error"
              >
                <select name="minSeverity" defaultValue="">
                  <option value="">Any</option>
                  {SAFETY_EVENT_SEVERITIES.map((severity) => (
                    <option key={severity} value={severity}>
                      {severity[0].toUpperCase() + severity.slice(1)}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          )}
          {MINUTES_TYPES.includes(type) && (
            <Field label={MINUTES_LABELS[type] ?? "Longer than (minutes)"} errorId="rule-minutes-error" error={fieldErrors.trigger}>
              <input
                key={type}
                name="minutes"
                type="number"
                min={1}
                max={10080}
                required
                defaultValue={type === "missingDvir" ? 60 : 15}
                aria-describedby="rule-minutes-error"
              />
            </Field>
          )}
          <WorkingHoursFields />
          <div className="form-actions">
            <SubmitButton label="Create rule" pending={isPending} />
          </div>
        </form>
      ) : (
        <p className="muted">Your role can view rules; admins and managers change them.</p>
      )}
    </section>
  );
};
