"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { FleetChanges, FleetSnapshot, LiveVehicle } from "@/lib/dashboard-data/types";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { makeSyntheticChanges, makeSyntheticSnapshot } from "./synthetic-fleet";

export const POLL_INTERVAL_MS = 5_000;

type FleetStore = { vehicles: Map<string, LiveVehicle>; locationsCursor: string; statsCursor: string };

/**
 * The fleet, live: one snapshot, then every 5 s the changes since the feed cursors, merged into the
 * vehicles that changed (the rest keep their objects, so only they re-render and re-cluster).
 */
export const useLiveFleet = ({ synthetic }: { synthetic: number | null }) => {
  const store = useRef<FleetStore | null>(null);
  const [version, setVersion] = useState(0);
  const [lastUpdate, setLastUpdate] = useState<number | null>(null);

  const snapshot = useQuery({
    queryKey: ["fleet-snapshot", synthetic],
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const data = synthetic ? makeSyntheticSnapshot(synthetic) : await fetchJson<FleetSnapshot>("/api/dashboard/fleet", signal);
      performance.mark("fleet-data-arrived");
      store.current = { vehicles: new Map(data.vehicles.map((vehicle) => [vehicle.id, vehicle])), locationsCursor: data.locationsCursor, statsCursor: data.statsCursor };
      setVersion((v) => v + 1);
      setLastUpdate(Date.now());
      return data.vehicles.length;
    },
  });

  const changes = useQuery({
    queryKey: ["fleet-changes", synthetic],
    enabled: snapshot.isSuccess,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const current = store.current;
      if (!current) return 0;
      const query = new URLSearchParams({ locationsAfter: current.locationsCursor, statsAfter: current.statsCursor });
      const data = synthetic ? makeSyntheticChanges(current.vehicles.values()) : await fetchJson<FleetChanges>(`/api/dashboard/fleet/changes?${query}`, signal);
      for (const { id, location } of data.locations) {
        const vehicle = current.vehicles.get(id);
        if (vehicle && (!vehicle.location || vehicle.location.time <= location.time)) current.vehicles.set(id, { ...vehicle, location });
      }
      for (const { id, stats } of data.stats) {
        const vehicle = current.vehicles.get(id);
        if (vehicle && (!vehicle.stats || vehicle.stats.time <= stats.time)) current.vehicles.set(id, { ...vehicle, stats });
      }
      current.locationsCursor = data.locationsCursor;
      current.statsCursor = data.statsCursor;
      if (data.locations.length + data.stats.length > 0) setVersion((v) => v + 1);
      setLastUpdate(Date.now());
      return data.locations.length + data.stats.length;
    },
  });

  return {
    vehicles: store.current?.vehicles ?? null,
    version,
    lastUpdate,
    isLoading: snapshot.isPending,
    error: snapshot.error ?? changes.error,
    refetch: () => (snapshot.error ? snapshot.refetch() : changes.refetch()),
  };
};
