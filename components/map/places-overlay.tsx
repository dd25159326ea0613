"use client";

import { useQuery } from "@tanstack/react-query";
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { fetchJson } from "@/components/dashboard/fetch-json";
import { placeLayer } from "@/components/places/place-layer";
import type { PlaceView } from "@/components/places/place-view";

/** The company's places under the vehicles, as outlines (not clickable: the vehicles stay easy to pick). */
export const PlacesOverlay = () => {
  const map = useMap();
  const { data } = useQuery({
    queryKey: ["places"],
    queryFn: ({ signal }) => fetchJson<{ places: PlaceView[] }>("/api/dashboard/places", signal),
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!data) return;
    const style = { color: "#7c3aed", weight: 1.5, fillOpacity: 0.08, interactive: false };
    const group = L.layerGroup(data.places.map((place) => placeLayer(place, style))).addTo(map);
    return () => void group.remove();
  }, [map, data]);
  return null;
};
