"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";
import { useTimeZone } from "@/components/ui/time-zone";
import { pickRecentVehicle } from "@/lib/dashboard/view/recent-vehicle";
import { checkRange, DEFAULT_RANGE_PRESET, presetRange, RANGE_PRESETS, type RangePreset } from "@/lib/dashboard/view/time-range-presets";
import type { FleetSnapshot } from "@/lib/dashboard/data/types";
import { fetchJson } from "./fetch-json";

/**
 * The selected vehicle and time range, kept in the URL (`?vehicle=12&from=...&to=...`) so a reload
 * or a shared link shows the same thing. A preset (`range=today`) is resolved when the page opens.
 * Without a vehicle in the URL the screen opens on one that moved recently, over the last 24 hours.
 */
export const useVehicleRange = () => {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const timeZone = useTimeZone();
  const vehicleId = params.get("vehicle");
  const preset = (RANGE_PRESETS as readonly string[]).includes(params.get("range") ?? "") ? (params.get("range") as RangePreset) : null;
  const from = params.get("from");
  const to = params.get("to");

  // A moment to open on (a safety event's link: `?vehicle=12&at=...`): the hour around it, unless a range is given.
  const atMs = Date.parse(params.get("at") ?? "");
  const at = Number.isNaN(atMs) ? null : atMs;

  const range = useMemo(() => {
    if (from && to) return { from, to };
    if (at !== null && !preset) return { from: new Date(at - 30 * 60_000).toISOString(), to: new Date(at + 30 * 60_000).toISOString() };
    return presetRange(preset ?? DEFAULT_RANGE_PRESET, new Date(), timeZone);
  }, [from, to, at, preset, timeZone]);

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

  const recent = useQuery({
    queryKey: ["recent-vehicle"],
    enabled: !vehicleId,
    staleTime: 60_000,
    queryFn: async ({ signal }) => pickRecentVehicle((await fetchJson<FleetSnapshot>("/api/dashboard/fleet", signal)).vehicles),
  });
  useEffect(() => {
    if (!vehicleId && recent.data) update({ vehicle: recent.data });
  }, [vehicleId, recent.data, update]);

  return {
    vehicleId,
    /** Still looking for the vehicle to open on, or putting the one found in the URL (a soft navigation). */
    choosingVehicle: !vehicleId && (recent.isPending || recent.data != null),
    range,
    preset: from && to ? preset : at !== null ? preset : (preset ?? DEFAULT_RANGE_PRESET),
    /** The moment the link asked to open on, if any. */
    at,
    rangeError: checkRange(range),
    timeZone,
    setVehicle: (id: string) => update({ vehicle: id }),
    setPreset: (next: RangePreset) => update({ range: next, at: null, ...presetRange(next, new Date(), timeZone) }),
    setCustomRange: (next: { from: string; to: string }) => update({ range: null, at: null, ...next }),
  };
};
