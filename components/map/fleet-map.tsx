"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import Supercluster, { type ClusterProperties } from "supercluster";
import { STATUS_COLORS, VEHICLE_STATUSES, type VehicleStatus } from "@/lib/dashboard/vehicle-status";
import { GridBackground } from "./grid-background";
import { StreetBasemap } from "./street-basemap";
import { PlacesOverlay } from "./places-overlay";

export type MapVehicle = { id: string; name: string; latitude: number; longitude: number; heading: number; status: VehicleStatus };

type FleetMapProps = {
  vehicles: readonly MapVehicle[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Pan to this vehicle whenever `nonce` changes (a click in the side list). */
  focus: { id: string; nonce: number } | null;
  tileUrl: string;
  attribution: string;
};

const CHICAGO: L.LatLngTuple = [41.8781, -87.6298];
/** Above this zoom every vehicle is drawn on its own. */
const CLUSTER_MAX_ZOOM = 15;

type PointProps = { id: string; name: string; status: VehicleStatus; heading: number };
type ClusterProps = Record<VehicleStatus, number>;

const iconCache = new Map<string, L.DivIcon>();

/** A dot in the state's colour with an arrow pointing along the heading (5° steps, so icons are shared). */
const vehicleIcon = (status: VehicleStatus, heading: number, selected: boolean) => {
  const step = Math.round(heading / 5) * 5;
  const key = `${status}:${step}:${selected}`;
  let icon = iconCache.get(key);
  if (!icon) {
    // 24 px at least: WCAG 2.2's minimum target size (2.5.8).
    const size = selected ? 30 : 24;
    icon = L.divIcon({
      className: "vehicle-icon",
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      html: `<div class="vm vm-${status}${selected ? " vm-selected" : ""}" style="--c:${STATUS_COLORS[status]}">
        <svg viewBox="0 0 24 24" style="transform:rotate(${step}deg)" aria-hidden="true"><circle cx="12" cy="12" r="8.5"/><path d="M12 3.2 L16.2 12.6 L12 10.6 L7.8 12.6 Z"/></svg></div>`,
    });
    iconCache.set(key, icon);
  }
  return icon;
};

/** A circle sized by count, its ring split by how many vehicles of each state it holds. */
const clusterIcon = (count: number, byStatus: ClusterProps) => {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  let angle = 0;
  const stops = VEHICLE_STATUSES.filter((status) => byStatus[status] > 0).map((status) => {
    const from = angle;
    angle += (byStatus[status] / count) * 360;
    return `${STATUS_COLORS[status]} ${from}deg ${angle}deg`;
  });
  return L.divIcon({
    className: "cluster-icon",
    iconSize: [size, size],
    html: `<div class="vc" style="background:conic-gradient(${stops.join(",")})"><span>${count >= 1000 ? `${(count / 1000).toFixed(1)}k` : count}</span></div>`,
  });
};

const VehicleLayer = ({ vehicles, selectedId, onSelect, focus }: Omit<FleetMapProps, "tileUrl" | "attribution">) => {
  const map = useMap();
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<string, { marker: L.Marker; iconKey: string }>());
  const [view, setView] = useState(0);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const rendered = useRef(false);

  useEffect(() => {
    layer.current = L.layerGroup().addTo(map);
    const moved = () => setView((v) => v + 1);
    map.on("moveend", moved);
    (window as unknown as { __fleetMap?: L.Map }).__fleetMap = map;
    return () => {
      map.off("moveend", moved);
      layer.current?.remove();
      markers.current.clear();
    };
  }, [map]);

  const index = useMemo(() => {
    const cluster = new Supercluster<PointProps, ClusterProps>({
      // In supercluster's 512-unit tiles: 32 screen px, more than a marker, so unclustered markers never overlap.
      radius: 64,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (props) => ({ moving: 0, idle: 0, stopped: 0, offline: 0, [props.status]: 1 }),
      reduce: (acc, props) => {
        for (const status of VEHICLE_STATUSES) acc[status] += props[status];
      },
    });
    cluster.load(
      vehicles.map((vehicle) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [vehicle.longitude, vehicle.latitude] },
        properties: { id: vehicle.id, name: vehicle.name, status: vehicle.status, heading: vehicle.heading },
      })),
    );
    return cluster;
  }, [vehicles]);

  // Draw only what is in (or just around) the viewport; reuse markers by key, touch only what changed.
  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    const bounds = map.getBounds().pad(0.25);
    const features = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.floor(map.getZoom()));
    const seen = new Set<string>();
    for (const feature of features) {
      const [longitude, latitude] = feature.geometry.coordinates;
      const props = feature.properties as (PointProps & { cluster?: false }) | (ClusterProperties & ClusterProps);
      const isCluster = "cluster" in props && props.cluster;
      const key = isCluster ? `c${props.cluster_id}:${props.point_count}` : `v${(props as PointProps).id}`;
      seen.add(key);
      const iconKey = isCluster ? key : `${(props as PointProps).status}:${Math.round((props as PointProps).heading / 5)}:${(props as PointProps).id === selectedId}`;
      const existing = markers.current.get(key);
      if (existing) {
        const position = existing.marker.getLatLng();
        if (position.lat !== latitude || position.lng !== longitude) existing.marker.setLatLng([latitude, longitude]);
        if (existing.iconKey !== iconKey) {
          const point = props as PointProps;
          existing.marker.setIcon(vehicleIcon(point.status, point.heading, point.id === selectedId));
          existing.iconKey = iconKey;
          existing.marker.setZIndexOffset(point.id === selectedId ? 1000 : 0);
        }
        continue;
      }
      let marker: L.Marker;
      if (isCluster) {
        const clusterProps = props as ClusterProperties & ClusterProps;
        marker = L.marker([latitude, longitude], { icon: clusterIcon(clusterProps.point_count, clusterProps), title: `${clusterProps.point_count} vehicles` });
        marker.on("click", () => map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterProps.cluster_id), CLUSTER_MAX_ZOOM + 1)));
      } else {
        const point = props as PointProps;
        marker = L.marker([latitude, longitude], {
          icon: vehicleIcon(point.status, point.heading, point.id === selectedId),
          title: `${point.name}, ${point.status}`,
          alt: point.name,
          zIndexOffset: point.id === selectedId ? 1000 : 0,
        });
        marker.on("click", () => onSelectRef.current(point.id));
      }
      marker.addTo(group);
      const element = marker.getElement();
      if (element) element.dataset.markerKey = isCluster ? "cluster" : (props as PointProps).id;
      markers.current.set(key, { marker, iconKey });
    }
    for (const [key, { marker }] of markers.current) {
      if (!seen.has(key)) {
        marker.remove();
        markers.current.delete(key);
      }
    }
    if (!rendered.current && vehicles.length > 0) {
      rendered.current = true;
      requestAnimationFrame(() => performance.mark("fleet-rendered"));
    }
  }, [index, map, view, selectedId, vehicles.length]);

  // The first fleet data frames the map on the fleet's vehicles, wherever they are.
  const framed = useRef(false);
  useEffect(() => {
    if (framed.current || vehicles.length === 0) return;
    framed.current = true;
    map.fitBounds(L.latLngBounds(vehicles.map((vehicle) => [vehicle.latitude, vehicle.longitude])), { paddingTopLeft: [48, 72], paddingBottomRight: [48, 80], maxZoom: CLUSTER_MAX_ZOOM });
  }, [map, vehicles]);

  useEffect(() => {
    if (!focus) return;
    const vehicle = vehicles.find((candidate) => candidate.id === focus.id);
    if (vehicle) map.setView([vehicle.latitude, vehicle.longitude], Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 1));
    // Only a new focus request pans; live updates of the vehicle must not drag the map along.
  }, [focus, map]);

  return null;
};

/** The live map: grid background and the simulator's streets (work with no tile server), optional tiles, places, clustered vehicles. */
const FleetMap = ({ tileUrl, attribution, ...layerProps }: FleetMapProps) => {
  // Tiles configured but unreachable (offline, firewalled): the streets take their place.
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <MapContainer center={CHICAGO} zoom={10} className="fleet-map" preferCanvas worldCopyJump>
      <GridBackground />
      <StreetBasemap visible={!tileUrl || tilesFailed} />
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} eventHandlers={{ tileerror: () => setTilesFailed(true) }} /> : null}
      <PlacesOverlay />
      <VehicleLayer {...layerProps} />
    </MapContainer>
  );
};

export default FleetMap;
