"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { RANGE_PRESET_LABELS, RANGE_PRESETS, type RangePreset } from "@/lib/dashboard/view/time-range-presets";
import type { VehicleOption } from "@/lib/dashboard/data/types";
import { fromLocalInput, toLocalInput } from "@/lib/platform/zoned-time";
import { fetchJson } from "./fetch-json";

/** `datetime-local` text in the company's zone for an ISO instant, and back ("" stays "" so the range check names it). */
const toInput = (iso: string, timeZone: string) => (Number.isNaN(Date.parse(iso)) ? "" : toLocalInput(iso, timeZone));
const fromInput = (text: string, timeZone: string) => (text ? fromLocalInput(text, timeZone).toISOString() : "");

export const useVehicleOptions = () =>
  useQuery({
    queryKey: ["vehicle-options"],
    staleTime: 60_000,
    queryFn: ({ signal }) => fetchJson<{ vehicles: VehicleOption[] }>("/api/dashboard/vehicles", signal),
  });

type PickerProps = {
  vehicleId: string | null;
  range: { from: string; to: string };
  timeZone: string;
  preset: RangePreset | null;
  rangeError: string | null;
  onVehicle: (id: string) => void;
  onPreset: (preset: RangePreset) => void;
  onCustomRange: (range: { from: string; to: string }) => void;
};

/** Vehicle select, range presets and a custom range (up to 35 days). */
export const VehicleRangePicker = ({ vehicleId, range, timeZone, preset, rangeError, onVehicle, onPreset, onCustomRange }: PickerProps) => {
  const options = useVehicleOptions();
  const [custom, setCustom] = useState({ from: toInput(range.from, timeZone), to: toInput(range.to, timeZone) });
  useEffect(() => setCustom({ from: toInput(range.from, timeZone), to: toInput(range.to, timeZone) }), [range.from, range.to, timeZone]);
  return (
    <div className="picker" role="group" aria-label="Vehicle and time range">
      <label className="field">
        <span>Vehicle</span>
        <select className="input" aria-label="Vehicle" value={vehicleId ?? ""} onChange={(event) => onVehicle(event.target.value)} disabled={!options.data}>
          <option value="" disabled>
            {options.isPending ? "Loading vehicles…" : options.error ? "Vehicles could not be loaded" : "Choose a vehicle"}
          </option>
          {options.data?.vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.name}
              {vehicle.driverName ? ` — ${vehicle.driverName}` : ""}
            </option>
          ))}
        </select>
      </label>
      <div className="segmented" role="group" aria-label="Range preset">
        {RANGE_PRESETS.map((option) => (
          <button key={option} type="button" aria-pressed={preset === option} onClick={() => onPreset(option)}>
            {RANGE_PRESET_LABELS[option]}
          </button>
        ))}
      </div>
      <form
        className="custom-range"
        onSubmit={(event) => {
          event.preventDefault();
          onCustomRange({ from: fromInput(custom.from, timeZone), to: fromInput(custom.to, timeZone) });
        }}
      >
        <label className="field">
          <span>From ({timeZone})</span>
          <input
            className="input"
            type="datetime-local"
            aria-label="From"
            value={custom.from}
            onChange={(event) => setCustom({ ...custom, from: event.target.value })}
          />
        </label>
        <label className="field">
          <span>To ({timeZone})</span>
          <input
            className="input"
            type="datetime-local"
            aria-label="To"
            value={custom.to}
            onChange={(event) => setCustom({ ...custom, to: event.target.value })}
          />
        </label>
        <SubmitButton label="Apply" pending={false} className="button" />
      </form>
      {rangeError ? (
        <p className="text-danger small" role="alert">
          {rangeError}
        </p>
      ) : null}
    </div>
  );
};
