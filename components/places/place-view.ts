import type { PlaceVertex } from "@/db/schema";

/** A place as the dashboard draws and lists it. */
export type PlaceView = {
  id: number;
  name: string;
  formattedAddress: string;
  notes: string;
  latitude: number;
  longitude: number;
  radiusMeters: number | null;
  vertices: PlaceVertex[] | null;
};

/** A drawn shape, before it becomes Samsara's geofence. */
export type PlaceShapeValue = { kind: "circle"; latitude: number; longitude: number; radiusMeters: number } | { kind: "polygon"; vertices: PlaceVertex[] };

export const toGeofence = (shape: PlaceShapeValue) =>
  shape.kind === "circle"
    ? { circle: { latitude: shape.latitude, longitude: shape.longitude, radiusMeters: shape.radiusMeters } }
    : { polygon: { vertices: shape.vertices } };

export const shapeOfPlace = (place: PlaceView): PlaceShapeValue =>
  place.vertices
    ? { kind: "polygon", vertices: place.vertices }
    : { kind: "circle", latitude: place.latitude, longitude: place.longitude, radiusMeters: place.radiusMeters ?? 0 };
