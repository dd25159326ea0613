const EARTH_RADIUS_METERS = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

type LatLon = { latitude: number; longitude: number };

/** Great-circle distance in meters (haversine). */
export const distanceMeters = (a: LatLon, b: LatLon) => {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** Meters per second to miles per hour (an international mile is 1,609.344 m). */
export const METERS_PER_SECOND_TO_MPH = 3600 / 1609.344;
