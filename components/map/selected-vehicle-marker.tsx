"use client";

import L from "leaflet";
import { useEffect, useRef } from "react";
import { useMap } from "react-leaflet";
import { STATUS_COLORS, type VehicleStatus } from "@/lib/dashboard/view/vehicle-status";
import type { MapVehicle } from "./fleet-map";

const iconCache = new Map<string, L.DivIcon>();

/** A dot (a trailer: a rounded square) in the state's colour, ringed dark, with an arrow along the heading (5° steps, so icons are shared). */
const selectedIcon = (status: VehicleStatus, heading: number, isTrailer: boolean) => {
  const step = Math.round(heading / 5) * 5;
  const key = `${status}:${step}:${isTrailer}`;
  const body = isTrailer ? `<rect x="3.5" y="3.5" width="17" height="17" rx="3"/>` : `<circle cx="12" cy="12" r="8.5"/>`;
  let icon = iconCache.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: "vehicle-icon",
      iconSize: [30, 30],
      iconAnchor: [15, 15],
      html:
        `<div class="vm vm-${status} vm-selected${isTrailer ? " vm-trailer" : ""}" style="--c:${STATUS_COLORS[status]}">
        <svg viewBox="0 0 24 24" style="transform:rotate(${step}deg)" aria-hidden="true">` +
        `${body}<path d="M12 3.2 L16.2 12.6 L12 10.6 L7.8 12.6 Z"/></svg></div>`,
    });
    iconCache.set(key, icon);
  }
  return icon;
};

const title = (vehicle: MapVehicle) =>
  `${vehicle.name}, ${vehicle.isTrailer ? "trailer, " : ""}${vehicle.outOfService ? "out of service, " : ""}${vehicle.status}, selected`;

/**
 * The selected vehicle, the one DOM marker on the live map (the others are drawn on a canvas): above
 * the canvas and any cluster, reachable with Tab and named by its title. `data-marker-key` is its id.
 */
export const SelectedVehicleMarker = ({ vehicle }: { vehicle: MapVehicle | null }) => {
  const map = useMap();
  const marker = useRef<L.Marker | null>(null);
  const latest = useRef(vehicle);
  latest.current = vehicle;
  const id = vehicle?.id ?? null;

  useEffect(() => {
    const current = latest.current;
    if (!current) return;
    const created = L.marker([current.latitude, current.longitude], {
      icon: selectedIcon(current.status, current.heading, current.isTrailer),
      title: title(current),
      zIndexOffset: 1000,
    }).addTo(map);
    const element = created.getElement();
    if (element) element.dataset.markerKey = current.id;
    marker.current = created;
    return () => {
      created.remove();
      marker.current = null;
    };
  }, [map, id]);

  // Live updates move it and turn its arrow; one marker, so no diffing is needed.
  useEffect(() => {
    const current = marker.current;
    if (!current || !vehicle) return;
    const position = current.getLatLng();
    if (position.lat !== vehicle.latitude || position.lng !== vehicle.longitude) current.setLatLng([vehicle.latitude, vehicle.longitude]);
    const named = title(vehicle);
    const element = current.getElement();
    // setIcon copies options.title onto the element: both change together.
    if (current.options.title !== named && element) element.title = current.options.title = named;
    const icon = selectedIcon(vehicle.status, vehicle.heading, vehicle.isTrailer);
    if (current.options.icon !== icon) current.setIcon(icon);
  }, [vehicle]);

  return null;
};
