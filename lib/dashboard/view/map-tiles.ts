import { getConfig } from "@/lib/platform/config";

export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The map's tile source, read on the server: `MAP_TILE_URL` (a Leaflet URL template; empty string for
 * no tiles), `MAP_TILE_ATTRIBUTION` for a non-OpenStreetMap source.
 */
export const getMapTiles = () => {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = getConfig();
  const tileUrl = MAP_TILE_URL ?? DEFAULT_TILE_URL;
  const attribution = MAP_TILE_ATTRIBUTION ?? (tileUrl.includes("openstreetmap") ? OSM_ATTRIBUTION : "");
  return { tileUrl, attribution };
};
