"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { FleetChanges, FleetSnapshot, LiveVehicle } from "@/lib/dashboard/data/types";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { makeSyntheticChanges, makeSyntheticSnapshot } from "./synthetic-fleet";

export const POLL_INTERVAL_MS = 5_000;
/** The synthetic fleet (bench/map-render.ts) reports at 1 Hz, as the 10,000-vehicle target has it. */
const SYNTHETIC_TICK_MS = 1_000;

type FleetStore = { vehicles: Map<string, LiveVehicle>; locationsCursor: string; statsCursor: string; streamSeq?: number };

/** Merges changes into the vehicles that changed (a newer report wins; the rest keep their objects). Returns how many changed. */
const mergeChanges = (store: FleetStore, { locations, stats }: Pick<FleetChanges, "locations" | "stats">) => {
  for (const { id, location } of locations) {
    const vehicle = store.vehicles.get(id);
    if (vehicle && (!vehicle.location || vehicle.location.time <= location.time)) store.vehicles.set(id, { ...vehicle, location });
  }
  for (const { id, stats: latest } of stats) {
    const vehicle = store.vehicles.get(id);
    if (vehicle && (!vehicle.stats || vehicle.stats.time <= latest.time)) store.vehicles.set(id, { ...vehicle, stats: latest });
  }
  return locations.length + stats.length;
};

/**
 * The fleet, live: one snapshot, then the changes pushed over server-sent events as they are
 * committed (EventSource resumes by itself after a drop, from the last event id). When the stream
 * cannot be had (an upstream fleet API, a proxy that refuses it, the synthetic fleet) the map polls
 * the change feeds every 5 s instead.
 */
export const useLiveFleet = ({ synthetic }: { synthetic: number | null }) => {
  const store = useRef<FleetStore | null>(null);
  const [version, setVersion] = useState(0);
  const [lastUpdate, setLastUpdate] = useState<number | null>(null);
  const [streaming, setStreaming] = useState<"connecting" | "open" | "failed">("connecting");

  const snapshot = useQuery({
    queryKey: ["fleet-snapshot", synthetic],
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const data = synthetic ? makeSyntheticSnapshot(synthetic) : await fetchJson<FleetSnapshot>("/api/dashboard/fleet", signal);
      performance.mark("fleet-data-arrived");
      store.current = {
        vehicles: new Map(data.vehicles.map((vehicle) => [vehicle.id, vehicle])),
        locationsCursor: data.locationsCursor,
        statsCursor: data.statsCursor,
        streamSeq: data.streamSeq,
      };
      setVersion((v) => v + 1);
      setLastUpdate(Date.now());
      return data.vehicles.length;
    },
  });

  const streamSeq = snapshot.isSuccess ? store.current?.streamSeq : undefined;
  useEffect(() => {
    if (!snapshot.isSuccess) return;
    if (streamSeq === undefined || typeof EventSource === "undefined") {
      setStreaming("failed");
      return;
    }
    const source = new EventSource(`/api/dashboard/fleet/stream?after=${streamSeq}`);
    const fail = () => {
      source.close();
      setStreaming("failed");
    };
    source.onopen = () => setStreaming("open");
    source.addEventListener("changes", (event) => {
      const current = store.current;
      if (!current) return;
      if (mergeChanges(current, JSON.parse((event as MessageEvent<string>).data) as FleetChanges) > 0) setVersion((v) => v + 1);
      performance.mark("fleet-changes-merged");
      setLastUpdate(Date.now());
    });
    source.addEventListener("end", fail);
    // A dropped connection reconnects by itself (readyState CONNECTING); CLOSED means the server refused it.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) fail();
    };
    return () => source.close();
  }, [snapshot.isSuccess, streamSeq]);

  const changes = useQuery({
    queryKey: ["fleet-changes", synthetic],
    enabled: snapshot.isSuccess && streaming === "failed",
    refetchInterval: synthetic ? SYNTHETIC_TICK_MS : POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const current = store.current;
      if (!current) return 0;
      const query = new URLSearchParams({ locationsAfter: current.locationsCursor, statsAfter: current.statsCursor });
      const data = synthetic ? makeSyntheticChanges(current.vehicles.values()) : await fetchJson<FleetChanges>(`/api/dashboard/fleet/changes?${query}`, signal);
      const merged = mergeChanges(current, data);
      current.locationsCursor = data.locationsCursor;
      current.statsCursor = data.statsCursor;
      if (merged > 0) setVersion((v) => v + 1);
      setLastUpdate(Date.now());
      return merged;
    },
  });

  return {
    vehicles: store.current?.vehicles ?? null,
    version,
    lastUpdate,
    streaming,
    isLoading: snapshot.isPending,
    error: snapshot.error ?? changes.error,
    refetch: () => (snapshot.error ? snapshot.refetch() : changes.refetch()),
  };
};
