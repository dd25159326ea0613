"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { checkRange, presetRange, RANGE_PRESETS, type RangePreset } from "@/lib/dashboard/time-range-presets";

/**
 * The selected vehicle and time range, kept in the URL (`?vehicle=12&from=...&to=...`) so a reload
 * or a shared link shows the same thing. A preset (`range=today`) is resolved when the page opens.
 */
export const useVehicleRange = () => {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const vehicleId = params.get("vehicle");
  const preset = (RANGE_PRESETS as readonly string[]).includes(params.get("range") ?? "") ? (params.get("range") as RangePreset) : null;
  const from = params.get("from");
  const to = params.get("to");

  const range = useMemo(() => {
    if (from && to) return { from, to };
    // Without an explicit range the screen opens on today.
    return presetRange(preset ?? "today", new Date());
  }, [from, to, preset]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      router.replace(`${pathname}?${next}`, { scroll: false });
    },
    [params, pathname, router],
  );

  return {
    vehicleId,
    range,
    preset: from && to ? preset : (preset ?? "today"),
    rangeError: checkRange(range),
    setVehicle: (id: string) => update({ vehicle: id }),
    setPreset: (next: RangePreset) => update({ range: next, ...presetRange(next, new Date()) }),
    setCustomRange: (next: { from: string; to: string }) => update({ range: null, ...next }),
  };
};
