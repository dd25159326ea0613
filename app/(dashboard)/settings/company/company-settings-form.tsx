"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useState, type FormEvent } from "react";
import type { CompanyRecord } from "@/lib/access/companies/company-record";
import { HOS_RULES_HINT } from "@/lib/dashboard/view/hos-rules";
import { HosRulesOptions } from "@/components/settings/hos-rules-options";
import { convertSpeed, SPEED_UNIT_LABELS } from "@/lib/platform/units";
import { CityField } from "@/components/settings/city-field";
import { HOME_CITY_HINT } from "@/lib/dashboard/view/map-start";
import { MODULES, type Module } from "@/db/schema";
import { searchCitiesAction } from "../../places/actions";
import { updateCompanySettingsAction } from "./actions";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");

/** What the form edits: the company's record but its identity, plan and home coordinates (the town is chosen by name). */
type Settings = Omit<CompanyRecord, "id" | "planTier" | "createdAt" | "homeLatitude" | "homeLongitude">;

/** What each module adds, for the checkboxes. */
const MODULE_LABELS: Record<Module, string> = { Waste: "Waste: waste jobs (collections) for dispatchers, their page and API" };

/**
 * Name, time zone (the zone of every time the dashboard shows), units and HOS rules; the speeding
 * threshold is stored in m/s and edited in the company's unit.
 */
export const CompanySettingsForm = ({ settings }: { settings: Settings }) => {
  const [status, setStatus] = useState<{ kind: "saved" | "error"; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const form = new FormData(event.currentTarget);
    const { speedingInUnit, modules: _checked, ...fields } = Object.fromEntries(form);
    const speedingThreshold = speedingInUnit === "" ? undefined : Number(speedingInUnit) / convertSpeed(1, settings.distanceUnit);
    const result = await updateCompanySettingsAction({ ...fields, modules: form.getAll("modules"), speedingThreshold });
    setPending(false);
    setStatus(result.ok ? { kind: "saved", message: "Saved." } : { kind: "error", message: result.message });
  };

  return (
    <form onSubmit={submit} className="form">
      <label>
        Company name
        <input name="name" defaultValue={settings.name} required maxLength={120} autoComplete="organization" />
      </label>
      <label>
        Time zone
        <select name="timeZone" defaultValue={settings.timeZone}>
          {!TIME_ZONES.includes(settings.timeZone) && <option>{settings.timeZone}</option>}
          {TIME_ZONES.map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Distances in</legend>
        <label className="choice">
          <input type="radio" name="distanceUnit" value="mi" defaultChecked={settings.distanceUnit === "mi"} /> miles
        </label>
        <label className="choice">
          <input type="radio" name="distanceUnit" value="km" defaultChecked={settings.distanceUnit === "km"} /> kilometres
        </label>
        <p className="muted">Every distance, speed and place name on the pages, exports and report mails; the API stays metric.</p>
      </fieldset>
      <div className="form-field">
        <label>
          Hours-of-service rules
          <select name="hosRules" defaultValue={settings.hosRules} aria-describedby="hosRules-hint">
            <HosRulesOptions />
          </select>
        </label>
        <p id="hosRules-hint" className="field-hint">
          {HOS_RULES_HINT} Every driver follows the company&apos;s FMCSA cycle.
        </p>
      </div>
      <CityField name="homeCity" label="Home city" hint={HOME_CITY_HINT} defaultValue={settings.homeName ?? ""} search={searchCitiesAction} />
      <fieldset>
        <legend>Modules</legend>
        {MODULES.map((module) => (
          <label key={module} className="choice">
            <input type="checkbox" name="modules" value={module} defaultChecked={settings.modules.includes(module)} /> {MODULE_LABELS[module]}
          </label>
        ))}
        <p className="muted">A module&apos;s pages and menu entries show for everyone in the company once it is on; turning it off keeps its data.</p>
      </fieldset>
      <fieldset>
        <legend>Reports and detection</legend>
        <label>
          Idling after (minutes)
          <input name="idleMinimumMinutes" type="number" min={2} max={240} step={1} defaultValue={settings.idleMinimumMinutes} required />
        </label>
        <label>
          Speeding over ({SPEED_UNIT_LABELS[settings.distanceUnit]})
          <input
            name="speedingInUnit"
            type="number"
            min={11}
            max={252}
            step={1}
            defaultValue={Math.round(convertSpeed(settings.speedingThreshold, settings.distanceUnit))}
            required
          />
        </label>
        <p className="muted">They apply to trips, idles and speeding detected from now on.</p>
      </fieldset>
      <fieldset>
        <legend>ELD compliance (US)</legend>
        <label>
          USDOT number
          <input name="usdotNumber" inputMode="numeric" pattern="\d{1,9}" maxLength={9} defaultValue={settings.usdotNumber ?? ""} />
        </label>
        <label>
          Carrier name
          <input name="carrierName" maxLength={120} defaultValue={settings.carrierName} placeholder={settings.name} />
        </label>
        <label>
          Main office address
          <input name="mainOfficeAddress" maxLength={255} defaultValue={settings.mainOfficeAddress} autoComplete="street-address" />
        </label>
        <label>
          ELD registration id
          <input name="eldRegistrationId" maxLength={4} defaultValue={settings.eldRegistrationId} />
        </label>
        <label>
          ELD identifier
          <input name="eldIdentifier" maxLength={6} defaultValue={settings.eldIdentifier} />
        </label>
        <p className="muted">
          They head every ELD output file. The carrier name defaults to the company&apos;s; each driver&apos;s home terminal time zone and 24-hour period start
          are on the driver&apos;s page.
        </p>
      </fieldset>
      {status && (
        <p role={status.kind === "error" ? "alert" : "status"} className={status.kind === "error" ? "form-error" : "muted"}>
          {status.message}
        </p>
      )}
      <SubmitButton label="Save" pendingLabel="Saving…" pending={pending} />
    </form>
  );
};
