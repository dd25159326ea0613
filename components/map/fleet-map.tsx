"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import Supercluster, { type ClusterProperties } from "supercluster";
import type { MapStart } from "@/lib/fleet/places/map-start";
import { startBounds } from "@/lib/dashboard/view/map-start";
import { VEHICLE_STATUSES, type VehicleStatus } from "@/lib/dashboard/view/vehicle-status";
import { GridBackground } from "./grid-background";
import { leafletText } from "./leaflet-text";
import { StreetBasemap } from "./street-basemap";
import { PlacesOverlay } from "./places-overlay";
import { keepInView } from "./keep-in-view";
import { SelectedVehicleMarker } from "./selected-vehicle-marker";
import { ClusterDot, VehicleDot } from "./vehicle-canvas";

export type MapVehicle = {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  heading: number;
  status: VehicleStatus;
  isTrailer: boolean;
  /** Out of service (an open unsafe defect): its marker's name says so. */
  outOfService?: boolean;
};

type FleetMapProps = {
  vehicles: readonly MapVehicle[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Pan to this vehicle whenever `nonce` changes (a click in the side list). */
  focus: { id: string; nonce: number } | null;
  tileUrl: string;
  attribution: string;
  /** Where it opens until the first fleet data frames the vehicles (lib/fleet/places/map-start). */
  start: MapStart;
};

/** Above this zoom every vehicle is drawn on its own. */
const CLUSTER_MAX_ZOOM = 15;
/** Around the viewport, drawn ahead (a quarter of its size on each side), so a drag shows vehicles, not blank canvas. */
const VIEW_MARGIN = 0.25;

type PointProps = { id: string; name: string; status: VehicleStatus; heading: number; isTrailer: boolean };
type ClusterProps = Record<VehicleStatus, number>;

const VehicleLayer = ({ vehicles, selectedId, onSelect, focus }: Omit<FleetMapProps, "tileUrl" | "attribution" | "start">) => {
  const map = useMap();
  const layer = useRef<{ group: L.LayerGroup; renderer: L.Canvas } | null>(null);
  const drawn = useRef(new Map<string, VehicleDot | ClusterDot>());
  const [view, setView] = useState(0);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const rendered = useRef(false);

  useEffect(() => {
    // Its own pane and canvas: above the places and streets (400), under the selected vehicle's marker (600).
    const pane = map.getPane("vehicles") ?? map.createPane("vehicles");
    pane.style.zIndex = "450";
    const renderer = L.canvas({ pane: "vehicles", padding: VIEW_MARGIN });
    const group = L.layerGroup().addTo(map);
    layer.current = { group, renderer };
    const moved = () => setView((v) => v + 1);
    map.on("moveend", moved);
    (window as unknown as { __fleetMap?: L.Map }).__fleetMap = map;
    const dots = drawn.current;
    return () => {
      map.off("moveend", moved);
      group.remove();
      renderer.remove();
      dots.clear();
    };
  }, [map]);

  const index = useMemo(() => {
    const cluster = new Supercluster<PointProps, ClusterProps>({
      // In supercluster's 512-unit tiles: 32 screen px, more than a vehicle's dot, so unclustered vehicles never overlap.
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
        properties: { id: vehicle.id, name: vehicle.name, status: vehicle.status, heading: vehicle.heading, isTrailer: vehicle.isTrailer },
      })),
    );
    return cluster;
  }, [vehicles]);

  // Draw only what is in (or just around) the viewport; reuse dots by key, touch only what changed.
  useEffect(() => {
    if (!layer.current) return;
    const { group, renderer } = layer.current;
    const bounds = map.getBounds().pad(VIEW_MARGIN);
    const features = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.floor(map.getZoom()));
    const seen = new Set<string>();
    let clusters = 0;
    for (const feature of features) {
      const [longitude, latitude] = feature.geometry.coordinates;
      const props = feature.properties as (PointProps & { cluster?: false }) | (ClusterProperties & ClusterProps);
      if ("cluster" in props && props.cluster) {
        const clusterProps = props;
        // Keyed by what it holds, so a vehicle changing state redraws the ring.
        const key = `c${clusterProps.cluster_id}:${VEHICLE_STATUSES.map((status) => clusterProps[status]).join("-")}`;
        seen.add(key);
        clusters++;
        const existing = drawn.current.get(key);
        if (existing) {
          const position = existing.getLatLng();
          if (position.lat !== latitude || position.lng !== longitude) existing.setLatLng([latitude, longitude]);
          continue;
        }
        const dot = new ClusterDot([latitude, longitude], clusterProps, renderer);
        dot.on("click", () => map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterProps.cluster_id), CLUSTER_MAX_ZOOM + 1)));
        drawn.current.set(key, dot.addTo(group));
        continue;
      }
      const point = props as PointProps;
      // The selected vehicle is the DOM marker instead.
      if (point.id === selectedId) continue;
      const key = `v${point.id}`;
      seen.add(key);
      const existing = drawn.current.get(key);
      if (existing instanceof VehicleDot) {
        existing.update([latitude, longitude], { status: point.status, heading: point.heading, isTrailer: point.isTrailer });
        continue;
      }
      const dot = new VehicleDot([latitude, longitude], { status: point.status, heading: point.heading, isTrailer: point.isTrailer }, renderer);
      dot.on("click", () => onSelectRef.current(point.id)).bindTooltip(leafletText(point.name), { direction: "top", offset: [0, -10] });
      drawn.current.set(key, dot.addTo(group));
    }
    for (const [key, dot] of drawn.current) {
      if (!seen.has(key)) {
        dot.remove();
        drawn.current.delete(key);
      }
    }
    // What the canvas holds, for the e2e specs and the benchmark: a canvas has no elements to count.
    const container = map.getContainer();
    container.dataset.vehiclesDrawn = String(seen.size - clusters);
    container.dataset.clustersDrawn = String(clusters);
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
    map.fitBounds(L.latLngBounds(vehicles.map((vehicle) => [vehicle.latitude, vehicle.longitude])), {
      paddingTopLeft: [48, 72],
      paddingBottomRight: [48, 80],
      maxZoom: CLUSTER_MAX_ZOOM,
    });
  }, [map, vehicles]);

  useEffect(() => {
    if (!focus) return;
    const vehicle = vehicles.find((candidate) => candidate.id === focus.id);
    if (!vehicle) return;
    map.setView([vehicle.latitude, vehicle.longitude], Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 1), { animate: false });
    keepInView(map, [vehicle.latitude, vehicle.longitude]);
    // Only a new focus request pans; live updates of the vehicle must not drag the map along.
  }, [focus, map]);

  // A vehicle picked on the map stays visible beside or above the panel that opens for it (not under it).
  useEffect(() => {
    const vehicle = selectedId ? vehicles.find((candidate) => candidate.id === selectedId) : undefined;
    if (vehicle) keepInView(map, [vehicle.latitude, vehicle.longitude]);
    // Only a new selection pans, not each live update of the selected vehicle.
  }, [selectedId, map]);

  // The map is focusable (arrow keys pan it) but its vehicles are pixels: its name says where to pick one.
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute("role", "region");
    container.setAttribute(
      "aria-label",
      `Map of ${vehicles.length.toLocaleString("en-US")} vehicle${vehicles.length === 1 ? "" : "s"}; choose one in the vehicle list to select it on the map`,
    );
  }, [map, vehicles.length]);

  const selected = useMemo(() => (selectedId ? (vehicles.find((vehicle) => vehicle.id === selectedId) ?? null) : null), [vehicles, selectedId]);
  return <SelectedVehicleMarker vehicle={selected} />;
};

/** The live map: grid background and the simulator's streets (work with no tile server), optional tiles, places, clustered vehicles. */
const FleetMap = ({ tileUrl, attribution, start, ...layerProps }: FleetMapProps) => {
  // Tiles configured but unreachable (offline, firewalled): the streets take their place.
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <MapContainer bounds={startBounds(start)} className="fleet-map" preferCanvas worldCopyJump>
      <GridBackground />
      <StreetBasemap visible={!tileUrl || tilesFailed} />
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} eventHandlers={{ tileerror: () => setTilesFailed(true) }} /> : null}
      <PlacesOverlay />
      <VehicleLayer {...layerProps} />
    </MapContainer>
  );
};

export default FleetMap;
