export type MapPoint = { latitude: number; longitude: number };

const EARTH_RADIUS_M = 6_371_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in meters (haversine). */
export const distanceMeters = (a: MapPoint, b: MapPoint): number => {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
};

/**
 * Places points in a width x height box (equirectangular, north up, equal scale on both axes),
 * framed with a margin and at least `minSpanMeters` across so a single point sits in context.
 */
export const projectPoints = ({
  points,
  width,
  height,
  margin = 40,
  minSpanMeters = 2_000,
}: {
  points: MapPoint[];
  width: number;
  height: number;
  margin?: number;
  minSpanMeters?: number;
}) => {
  if (points.length === 0) return { positions: [], metersPerPixel: 0 };
  const midLat = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const metersPerDegLat = (Math.PI * EARTH_RADIUS_M) / 180;
  const metersPerDegLon = metersPerDegLat * Math.cos(toRadians(midLat));
  const xs = points.map((p) => p.longitude * metersPerDegLon);
  const ys = points.map((p) => p.latitude * metersPerDegLat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, minSpanMeters);
  const spanY = Math.max(maxY - minY, (minSpanMeters * (height - 2 * margin)) / (width - 2 * margin));
  const metersPerPixel = Math.max(spanX / (width - 2 * margin), spanY / (height - 2 * margin));
  const centerX = (minX + maxX) / 2;
  const centerY = (minY + maxY) / 2;
  const positions = xs.map((x, i) => ({ x: width / 2 + (x - centerX) / metersPerPixel, y: height / 2 - (ys[i] - centerY) / metersPerPixel }));
  return { positions, metersPerPixel };
};
