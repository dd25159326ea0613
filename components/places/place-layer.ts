import L from "leaflet";
import type { PlaceView } from "./place-view";

/** A place as a Leaflet layer: its polygon, or its circle. */
export const placeLayer = (place: PlaceView, options: L.PathOptions) =>
  place.vertices
    ? L.polygon(
        place.vertices.map((vertex) => [vertex.latitude, vertex.longitude] as L.LatLngTuple),
        options,
      )
    : L.circle([place.latitude, place.longitude], { ...options, radius: place.radiusMeters ?? 0 });
