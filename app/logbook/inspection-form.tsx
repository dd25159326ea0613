"use client";

import { useState } from "react";
import { useActionForm } from "@/components/ui/use-action-form";
import { FormOutcome } from "@/components/ui/form-outcome";
import { DISTANCE_UNIT_LABELS, type DistanceUnit } from "@/lib/platform/units";
import { submitInspectionAction } from "./actions";
import { DefectPhotosField } from "./defect-photos-field";

type Option = { id: number; label: string };

/**
 * The driver's vehicle inspection (49 CFR 396.11, 396.13): pre- or post-trip, the company's checklist
 * (a ticked entry is a defect, with its comment and up to 5 photos, each sent as it is taken), safe or not safe to operate, signed by typing one's
 * name. The idempotency key is rendered with the page (so a post without the script has it too) and
 * kept by the form: sending the same form again, after a lost answer or a second tap, is the same
 * report; each accepted report empties the form and takes the next key.
 */
export const InspectionForm = ({
  vehicles,
  vehicleId,
  checklist,
  idempotencyKey,
  unit,
}: {
  vehicles: { id: number; name: string }[];
  vehicleId: number | null;
  checklist: Option[];
  idempotencyKey: string;
  /** The company's distance unit: the odometer is typed in it. */
  unit: DistanceUnit;
}) => {
  const { props, state, pending, error, invalid, resetKey } = useActionForm(submitInspectionAction);
  const [firstKey] = useState(idempotencyKey);
  return (
    <form {...props} key={resetKey} className="logbook-inspection" aria-label="Vehicle inspection">
      <input type="hidden" name="idempotencyKey" value={`${firstKey}-${resetKey}`} />
      <fieldset>
        <legend>Inspection</legend>
        <div className="logbook-choices">
          <label className="checkbox">
            <input type="radio" name="type" value="preTrip" defaultChecked required /> Pre-trip
          </label>
          <label className="checkbox">
            <input type="radio" name="type" value="postTrip" /> Post-trip
          </label>
        </div>
      </fieldset>
      <label>
        Vehicle
        <select name="vehicleId" defaultValue={vehicleId ?? ""} required {...invalid("vehicleId")}>
          <option value="" disabled>
            Choose the vehicle
          </option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.name}
            </option>
          ))}
        </select>
      </label>
      <div className="logbook-pair">
        <label>
          Trailer (optional)
          <input name="trailerName" maxLength={100} autoComplete="off" />
        </label>
        <label>
          Odometer ({DISTANCE_UNIT_LABELS[unit]}, optional)
          <input name="odometer" inputMode="decimal" autoComplete="off" {...invalid("odometer")} />
          <input type="hidden" name="odometerUnit" value={unit} />
        </label>
      </div>
      <fieldset>
        <legend>Defects found</legend>
        <p className="muted">Tick each part with a defect and say what is wrong. Leave the list unticked if you found none.</p>
        <ul className="logbook-checklist">
          {checklist.map((item) => (
            <li key={item.id}>
              <label className="checkbox">
                <input type="checkbox" name={`defect-${item.id}`} /> {item.label}
              </label>
              <input name={`comment-${item.id}`} aria-label={`${item.label}: what is wrong`} placeholder="What is wrong" maxLength={1000} autoComplete="off" />
              <DefectPhotosField typeId={item.id} label={item.label} />
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>Condition</legend>
        <div className="logbook-choices">
          <label className="checkbox">
            <input type="radio" name="safetyStatus" value="safe" required /> Safe to operate
          </label>
          <label className="checkbox">
            <input type="radio" name="safetyStatus" value="unsafe" /> Not safe to operate
          </label>
        </div>
      </fieldset>
      <label>
        Signature: type your full name
        <input name="signatureName" required maxLength={100} autoComplete="name" {...invalid("signatureName")} />
      </label>
      {error("signatureName") && <p className="form-error">{error("signatureName")}</p>}
      <button type="submit" className="button-primary" disabled={pending}>
        Sign and submit inspection
      </button>
      <FormOutcome state={state} savedClassName="form-saved" />
    </form>
  );
};
