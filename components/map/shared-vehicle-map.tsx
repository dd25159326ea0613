"use client";

import "leaflet/dist/leaflet.css";
import type L from "leaflet";
import { useEffect, useState } from "react";
import { CircleMarker, MapContainer, TileLayer, useMap } from "react-leaflet";
import { GridBackground } from "./grid-background";
import { StreetBasemap } from "./street-basemap";

type SharedVehicleMapProps = { position: L.LatLngTuple | null; tileUrl: string; attribution: string };

const CHICAGO: L.LatLngTuple = [41.8781, -87.6298];

/** Keeps the shared vehicle in view as it moves. */
const Follow = ({ position }: { position: L.LatLngTuple | null }) => {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().pad(-0.2).contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
};

/** One vehicle's live position on the offline-capable basemap: the public share page's map (one marker: SVG; the streets draw on their own canvas). */
const SharedVehicleMap = ({ position, tileUrl, attribution }: SharedVehicleMapProps) => {
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <MapContainer center={position ?? CHICAGO} zoom={14} className="share-map">
      <GridBackground />
      <StreetBasemap visible={!tileUrl || tilesFailed} />
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} eventHandlers={{ tileerror: () => setTilesFailed(true) }} /> : null}
      {position ? <CircleMarker center={position} radius={10} pathOptions={{ color: "#ffffff", weight: 3, fillColor: "#2563eb", fillOpacity: 1 }} /> : null}
      <Follow position={position} />
    </MapContainer>
  );
};

export default SharedVehicleMap;
