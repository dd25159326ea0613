"use client";

import { useId, useRef, useState } from "react";
import type { CityMatch } from "@/lib/platform/geo/city-search";

/** What a city search action answers (the shipped gazetteer, searched on the server: nothing goes to the network). */
export type CitySearch = (query: string) => Promise<{ ok: true; cities: CityMatch[] } | { ok: false; message: string }>;

type CityFieldProps = {
  name: string;
  label: string;
  hint: string;
  defaultValue?: string;
  search: CitySearch;
  /** A suggestion was chosen (its label typed in full or picked from the list). */
  onPick?: (city: CityMatch) => void;
  error?: string;
};

/** A town by its first letters, with suggestions from the shipped gazetteer as one types (a plain text field without the page's script). */
export const CityField = ({ name, label, hint, defaultValue, search, onPick, error }: CityFieldProps) => {
  const id = useId();
  const [cities, setCities] = useState<CityMatch[]>([]);
  const latest = useRef("");

  const change = async (value: string) => {
    const picked = cities.find((city) => city.label === value);
    if (picked) return onPick?.(picked);
    latest.current = value;
    if (value.trim().length < 2) return setCities([]);
    const result = await search(value);
    if (result.ok && latest.current === value) setCities(result.cities);
  };

  return (
    <div className="form-field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        name={name}
        defaultValue={defaultValue}
        list={`${id}-list`}
        autoComplete="off"
        maxLength={120}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ")}
        aria-invalid={Boolean(error)}
        onChange={(event) => void change(event.target.value)}
      />
      <datalist id={`${id}-list`}>
        {cities.map((city) => (
          <option key={`${city.label} ${city.latitude}`} value={city.label} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
};
