"use client";

import { useCallback, useSyncExternalStore } from "react";
import { SPEED_UNITS, type SpeedUnit } from "@/lib/dashboard/view/units";

const KEY = "fleet.speedUnit";
const listeners = new Set<() => void>();

const read = (): SpeedUnit => {
  const stored = typeof window === "undefined" ? null : window.localStorage.getItem(KEY);
  return SPEED_UNITS.includes(stored as SpeedUnit) ? (stored as SpeedUnit) : "kmh";
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
};

/** The viewer's speed unit, kept in localStorage (the API always speaks m/s). */
export const useSpeedUnit = () => {
  const unit = useSyncExternalStore(subscribe, read, () => "kmh" as SpeedUnit);
  const setUnit = useCallback((next: SpeedUnit) => {
    window.localStorage.setItem(KEY, next);
    listeners.forEach((listener) => listener());
  }, []);
  return [unit, setUnit] as const;
};

export const SpeedUnitToggle = ({ unit, onChange }: { unit: SpeedUnit; onChange: (unit: SpeedUnit) => void }) => (
  <div className="segmented" role="group" aria-label="Speed unit">
    {SPEED_UNITS.map((option) => (
      <button key={option} type="button" aria-pressed={unit === option} onClick={() => onChange(option)}>
        {option === "kmh" ? "km/h" : "mph"}
      </button>
    ))}
  </div>
);
