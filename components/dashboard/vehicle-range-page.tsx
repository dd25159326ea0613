"use client";

import type { ReactNode } from "react";
import type { useVehicleRange } from "./use-vehicle-range";
import { VehicleRangePicker } from "./vehicle-range-picker";

type VehicleRangePageProps = {
  title: string;
  picker: ReturnType<typeof useVehicleRange>;
  children: ReactNode;
};

/** The frame of the per-vehicle, per-range screens (playback, stats): title, picker (in the company's units: Company settings). */
export const VehicleRangePage = ({ title, picker, children }: VehicleRangePageProps) => (
  <section className="page page-wide">
    <div className="page-head">
      <h1>{title}</h1>
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
