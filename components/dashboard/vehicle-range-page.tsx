"use client";

import type { ReactNode } from "react";
import type { SpeedUnit } from "@/lib/dashboard/view/units";
import { SpeedUnitToggle } from "./use-speed-unit";
import type { useVehicleRange } from "./use-vehicle-range";
import { VehicleRangePicker } from "./vehicle-range-picker";

type VehicleRangePageProps = {
  title: string;
  picker: ReturnType<typeof useVehicleRange>;
  unit: SpeedUnit;
  onUnit: (unit: SpeedUnit) => void;
  children: ReactNode;
};

/** The frame of the per-vehicle, per-range screens (playback, stats): title, unit toggle, picker. */
export const VehicleRangePage = ({ title, picker, unit, onUnit, children }: VehicleRangePageProps) => (
  <section className="page page-wide">
    <div className="page-head">
      <h1>{title}</h1>
      <SpeedUnitToggle unit={unit} onChange={onUnit} />
    </div>
    <VehicleRangePicker
      vehicleId={picker.vehicleId}
      range={picker.range}
      timeZone={picker.timeZone}
      preset={picker.preset}
      rangeError={null}
      onVehicle={picker.setVehicle}
      onPreset={picker.setPreset}
      onCustomRange={picker.setCustomRange}
    />
    {children}
  </section>
);
