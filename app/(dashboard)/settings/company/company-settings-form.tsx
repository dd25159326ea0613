"use client";

import { useState, type FormEvent } from "react";
import type { DistanceUnit } from "@/db/schema";
import { updateCompanySettingsAction } from "./actions";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");

type Settings = { name: string; timeZone: string; distanceUnit: DistanceUnit };

/** Name, time zone (the zone of every time the dashboard shows) and distance unit. */
export const CompanySettingsForm = ({ settings }: { settings: Settings }) => {
  const [status, setStatus] = useState<{ kind: "saved" | "error"; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const result = await updateCompanySettingsAction(Object.fromEntries(new FormData(event.currentTarget)));
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
          {TIME_ZONES.map((zone) => <option key={zone}>{zone}</option>)}
        </select>
      </label>
      <fieldset>
        <legend>Distances in</legend>
        <label className="choice"><input type="radio" name="distanceUnit" value="mi" defaultChecked={settings.distanceUnit === "mi"} /> miles</label>
        <label className="choice"><input type="radio" name="distanceUnit" value="km" defaultChecked={settings.distanceUnit === "km"} /> kilometres</label>
      </fieldset>
      {status && <p role={status.kind === "error" ? "alert" : "status"} className={status.kind === "error" ? "form-error" : "muted"}>{status.message}</p>}
      <button type="submit" className="button-primary" disabled={pending}>{pending ? "Saving…" : "Save"}</button>
    </form>
  );
};
