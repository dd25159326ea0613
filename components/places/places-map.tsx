"use client";

import "leaflet/dist/leaflet.css";
import "@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css";
import L from "leaflet";
// Leaflet-Geoman extends the global `L` as it loads, so Leaflet must be evaluated first: this import
// stays below Leaflet's (in the production build the other order threw before the map rendered).
import "@geoman-io/leaflet-geoman-free";
import { useEffect, useRef } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import { GridBackground } from "@/components/map/grid-background";
import { leafletText } from "@/components/map/leaflet-text";
import type { MapStart } from "@/lib/fleet/places/map-start";
import { startBounds } from "@/lib/dashboard/view/map-start";
import type { CityMatch } from "@/lib/platform/geo/city-search";
import { placeLayer } from "./place-layer";
import type { PlaceShapeValue, PlaceView } from "./place-view";

/** A shape as the API takes it, from a drawn or edited Leaflet layer. */
const shapeOf = (layer: L.Layer): PlaceShapeValue | null => {
  if (layer instanceof L.Circle) {
    const centre = layer.getLatLng();
    return { kind: "circle", latitude: centre.lat, longitude: centre.lng, radiusMeters: Math.round(layer.getRadius()) };
  }
  if (layer instanceof L.Polygon) {
    const ring = (layer.getLatLngs()[0] as L.LatLng[]).map((point) => ({ latitude: point.lat, longitude: point.lng }));
    return { kind: "polygon", vertices: ring };
  }
  return null;
};

type PlacesLayerProps = {
  places: readonly PlaceView[];
  selectedId: number | null;
  canEdit: boolean;
  onSelect: (id: number) => void;
  /** A new shape drawn, or the selected place's shape edited. */
  onShape: (shape: PlaceShapeValue) => void;
};

const PlacesLayer = ({ places, selectedId, canEdit, onSelect, onShape }: PlacesLayerProps) => {
  const map = useMap();
  const drawn = useRef<L.Layer | null>(null);
  const handlers = useRef({ onSelect, onShape });
  handlers.current = { onSelect, onShape };

  // Drawing tools (Leaflet-Geoman): circle and polygon only; a new drawing replaces the previous one.
  useEffect(() => {
    if (!canEdit) return;
    map.pm.addControls({
      position: "topleft",
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: false,
      drawText: false,
      cutPolygon: false,
      rotateMode: false,
      editMode: false,
      dragMode: false,
      removalMode: false,
    });
    map.pm.setGlobalOptions({ allowSelfIntersection: false });
    // Geoman's buttons are links with only an icon; their container's title becomes their accessible name.
    for (const button of map.getContainer().querySelectorAll<HTMLElement>(".leaflet-pm-toolbar [title] > .leaflet-buttons-control-button")) {
      button.setAttribute("aria-label", button.parentElement?.title ?? "");
    }
    const created = (event: { layer: L.Layer }) => {
      drawn.current?.remove();
      drawn.current = event.layer;
      const shape = shapeOf(event.layer);
      if (shape) handlers.current.onShape(shape);
    };
    map.on("pm:create", created);
    return () => {
      map.off("pm:create", created);
      map.pm.removeControls();
    };
  }, [map, canEdit]);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    for (const place of places) {
      const selected = place.id === selectedId;
      const layer = placeLayer(place, { color: selected ? "#b45309" : "#2563eb", weight: selected ? 3 : 2, fillOpacity: 0.15 });
      layer.bindTooltip(leafletText(place.name));
      // While a new shape is drawn, a click on a place is a vertex of the new one, not a choice of that place.
      layer.on("click", () => {
        if (!map.pm.globalDrawModeEnabled()) handlers.current.onSelect(place.id);
      });
      layer.addTo(group);
      if (selected && canEdit) {
        layer.pm.enable({ allowSelfIntersection: false });
        layer.on("pm:edit", () => {
          const shape = shapeOf(layer);
          if (shape) handlers.current.onShape(shape);
        });
      }
      if (selected) map.fitBounds(layer.getBounds(), { maxZoom: 16 });
    }
    return () => void group.remove();
  }, [map, places, selectedId, canEdit]);

  useEffect(() => {
    if (selectedId === null) return;
    drawn.current?.remove();
    drawn.current = null;
  }, [selectedId]);
  return null;
};

/** A town found with the search: the map moves there (a new object each search, so the same town twice moves it back). */
export type MapTarget = CityMatch;

const GoTo = ({ target }: { target: MapTarget | null }) => {
  const map = useMap();
  useEffect(() => {
    if (target) map.setView([target.latitude, target.longitude], 13);
  }, [map, target]);
  return null;
};

type PlacesMapProps = PlacesLayerProps & { tileUrl: string; attribution: string; start: MapStart; target: MapTarget | null };

const PlacesMap = ({ tileUrl, attribution, start, target, ...layer }: PlacesMapProps) => (
  <MapContainer bounds={startBounds(start)} className="places-map">
    <GridBackground />
    {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : null}
    <PlacesLayer {...layer} />
    <GoTo target={target} />
  </MapContainer>
);

export default PlacesMap;
