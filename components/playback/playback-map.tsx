"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import type { MapStart } from "@/lib/fleet/places/map-start";
import { startBounds } from "@/lib/dashboard/view/map-start";
import { useEffect, useMemo } from "react";
import { CircleMarker, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";
import { formatDuration } from "@/lib/platform/units";
import type { Stop } from "@/lib/dashboard/view/trip-summary";
import type { HistoryPoint, HistorySafetyEvent } from "@/lib/dashboard/data/types";
import { describeSafetyEvent } from "@/lib/dashboard/view/safety-event-labels";
import { GridBackground } from "@/components/map/grid-background";
import { useTimeZone } from "@/components/ui/time-zone";
import { formatTime } from "@/lib/platform/zoned-time";

type PlaybackMapProps = {
  points: readonly HistoryPoint[];
  stops: readonly Stop[];
  safetyEvents: readonly HistorySafetyEvent[];
  position: { latitude: number; longitude: number; heading: number } | null;
  follow: boolean;
  tileUrl: string;
  attribution: string;
};

const vehicleIcon = (heading: number) =>
  L.divIcon({
    className: "vehicle-icon",
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    html:
      `<div class="vm vm-playhead" style="--c:#1f6feb"><svg viewBox="0 0 24 24" style="transform:rotate(${Math.round(heading)}deg)">` +
      `<circle cx="12" cy="12" r="8.5"/><path d="M12 3.2 L16.2 12.6 L12 10.6 L7.8 12.6 Z"/></svg></div>`,
  });

const FitRoute = ({ points }: { points: readonly HistoryPoint[] }) => {
  const map = useMap();
  useEffect(() => {
    if (points.length > 0) map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)), { padding: [40, 40], maxZoom: 16 });
  }, [map, points]);
  return null;
};

const Follow = ({ position, follow }: Pick<PlaybackMapProps, "position" | "follow">) => {
  const map = useMap();
  useEffect(() => {
    if (follow && position && !map.getBounds().pad(-0.2).contains([position.latitude, position.longitude])) {
      map.panTo([position.latitude, position.longitude], { animate: false });
    }
  }, [map, follow, position]);
  return null;
};

/** The route as a line, stops as red dots with their duration on hover, safety events as amber dots, the vehicle at the playhead. */
const PlaybackMap = ({ points, stops, safetyEvents, position, follow, tileUrl, attribution, start }: PlaybackMapProps & { start: MapStart }) => {
  const line = useMemo(() => points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple), [points]);
  const headingStep = position ? Math.round(position.heading / 10) * 10 : 0;
  const icon = useMemo(() => vehicleIcon(headingStep), [headingStep]);
  const timeZone = useTimeZone();
  return (
    <MapContainer bounds={startBounds(start)} className="playback-map">
      <GridBackground />
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : null}
      <FitRoute points={points} />
      <Polyline positions={line} pathOptions={{ color: "#1f6feb", weight: 4, opacity: 0.85 }} />
      {stops.map((stop) => (
        <CircleMarker
          key={stop.startTime}
          center={[stop.latitude, stop.longitude]}
          radius={7}
          pathOptions={{ color: "#fff", weight: 2, fillColor: "#c62828", fillOpacity: 1 }}
        >
          <Tooltip>
            Stop {formatDuration(stop.durationMs)} · {formatTime(stop.startTime, timeZone, { zone: false })}–{formatTime(stop.endTime, timeZone)}
          </Tooltip>
        </CircleMarker>
      ))}
      {safetyEvents.map((event) => (
        <CircleMarker
          key={event.id}
          center={[event.latitude, event.longitude]}
          radius={6}
          pathOptions={{ color: "#fff", weight: 2, fillColor: event.kind === "crash" ? "#6a1b9a" : "#ef8f00", fillOpacity: 1 }}
        >
          <Tooltip>
            {describeSafetyEvent(event)} · {formatTime(event.time, timeZone)}
          </Tooltip>
        </CircleMarker>
      ))}
      {position ? <Marker position={[position.latitude, position.longitude]} icon={icon} title="Vehicle position on the route" /> : null}
      <Follow position={position} follow={follow} />
    </MapContainer>
  );
};

export default PlaybackMap;
