import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import kinks from "@turf/kinks";
import type { Polygon } from "geojson";
import type { PlaceVertex } from "@/db/schema";
import { distanceMeters } from "@/lib/platform/geo/distance";

export const MAX_RADIUS_METERS = 50_000;
export const MIN_VERTICES = 3;
export const MAX_VERTICES = 1_000;

export type PlaceShape = { latitude: number; longitude: number; radiusMeters: number | null; vertices: PlaceVertex[] | null };
export type BoundingBox = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

const METERS_PER_DEGREE_LATITUDE = 111_320;

/** GeoJSON polygon (longitude first, ring closed) of the vertices. */
export const toGeoJsonPolygon = (vertices: readonly PlaceVertex[]): Polygon => {
  const ring = vertices.map((vertex) => [vertex.longitude, vertex.latitude]);
  return { type: "Polygon", coordinates: [[...ring, ring[0]]] };
};

/** True when the polygon's edges cross each other (a bow tie): its inside would be ambiguous. */
export const isSelfIntersecting = (vertices: readonly PlaceVertex[]) => kinks(toGeoJsonPolygon(vertices)).features.length > 0;

/** The box around the shape: a polygon's extremes, or the circle's centre ± its radius. */
export const boundingBox = ({ latitude, longitude, radiusMeters, vertices }: PlaceShape): BoundingBox => {
  if (vertices) {
    const latitudes = vertices.map((vertex) => vertex.latitude);
    const longitudes = vertices.map((vertex) => vertex.longitude);
    return {
      minLatitude: Math.min(...latitudes),
      maxLatitude: Math.max(...latitudes),
      minLongitude: Math.min(...longitudes),
      maxLongitude: Math.max(...longitudes),
    };
  }
  const radius = radiusMeters ?? 0;
  const dLat = radius / METERS_PER_DEGREE_LATITUDE;
  const dLon = radius / (METERS_PER_DEGREE_LATITUDE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01));
  return { minLatitude: latitude - dLat, maxLatitude: latitude + dLat, minLongitude: longitude - dLon, maxLongitude: longitude + dLon };
};

export type LocatablePlace = PlaceShape & BoundingBox & { polygon?: Polygon };

/** Whether the point lies in the place (on the boundary counts as inside). */
export const containsPoint = (place: LocatablePlace, point: { latitude: number; longitude: number }) => {
  if (point.latitude < place.minLatitude || point.latitude > place.maxLatitude || point.longitude < place.minLongitude || point.longitude > place.maxLongitude)
    return false;
  if (place.vertices) {
    place.polygon ??= toGeoJsonPolygon(place.vertices);
    return booleanPointInPolygon([point.longitude, point.latitude], place.polygon);
  }
  return distanceMeters(place, point) <= (place.radiusMeters ?? 0);
};
