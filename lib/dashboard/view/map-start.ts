import type { MapStart } from "@/lib/fleet/places/map-start";

/** [[south, west], [north, east]], as Leaflet takes a box. */
export const startBounds = (start: MapStart): [[number, number], [number, number]] => [
  [start.south, start.west],
  [start.north, start.east],
];

export const HOME_CITY_HINT =
  "The maps open on your vehicles, else on your places, else on this town: type its first letters and pick it (from a list shipped with the service).";
