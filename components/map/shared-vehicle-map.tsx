"use client";

import "leaflet/dist/leaflet.css";
import type L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { CircleMarker, MapContainer, TileLayer, useMap } from "react-leaflet";
import { GridBackground } from "./grid-background";
import { StreetBasemap } from "./street-basemap";
import type { MapStart } from "@/lib/fleet/places/map-start";
import { startBounds } from "@/lib/dashboard/view/map-start";

type SharedVehicleMapProps = { position: L.LatLngTuple | null; start: MapStart; tileUrl: string; attribution: string };

const VEHICLE_ZOOM = 14;

/** Keeps the shared vehicle in view as it moves; its first position after a start without one zooms in on it. */
const Follow = ({ position }: { position: L.LatLngTuple | null }) => {
  const map = useMap();
  const zoomedIn = useRef(position !== null);
  useEffect(() => {
    if (!position) return;
    if (!zoomedIn.current) {
      zoomedIn.current = true;
      map.setView(position, VEHICLE_ZOOM);
    } else if (!map.getBounds().pad(-0.2).contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
};

/** One vehicle's live position on the offline-capable basemap: the public share page's map (one marker: SVG; the streets draw on their own canvas). */
const SharedVehicleMap = ({ position, start, tileUrl, attribution }: SharedVehicleMapProps) => {
  const [tilesFailed, setTilesFailed] = useState(false);
  // On the vehicle when it has a position, else on the company's home town (SharedVehicle's start).
  const view = position ? { center: position, zoom: VEHICLE_ZOOM } : { bounds: startBounds(start) };
  return (
    <MapContainer {...view} className="share-map">
      <GridBackground />
      <StreetBasemap visible={!tileUrl || tilesFailed} />
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} eventHandlers={{ tileerror: () => setTilesFailed(true) }} /> : null}
      {position ? <CircleMarker center={position} radius={10} pathOptions={{ color: "#ffffff", weight: 3, fillColor: "#2563eb", fillOpacity: 1 }} /> : null}
      <Follow position={position} />
    </MapContainer>
  );
};

export default SharedVehicleMap;
