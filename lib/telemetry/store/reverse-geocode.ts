import { boundedMemo } from "@/lib/platform/bounded-memo";
import { ARTERIALS, latLonToGrid, formatGridAddress, type Arterial } from "@/lib/platform/geo/chicago-grid";

// The simulated area (grid units, with a small margin); outside it there is no street data.
const AREA = { minX: -200, maxX: 7400, minY: -8100, maxY: 6600 };

const distanceToArterial = (arterial: Arterial, x: number, y: number) => {
  const across = arterial.axis === "ns" ? x : y;
  const along = arterial.axis === "ns" ? y : x;
  const beyond = Math.max(0, arterial.from - along, along - arterial.to);
  return Math.hypot(across - arterial.at, beyond);
};

const geocode = ({ latitude, longitude }: { latitude: number; longitude: number }): string => {
  const { x, y } = latLonToGrid({ latitude, longitude });
  if (x < AREA.minX || x > AREA.maxX || y < AREA.minY || y > AREA.maxY) return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  let nearest = ARTERIALS[0];
  let best = Infinity;
  for (const arterial of ARTERIALS) {
    const distance = distanceToArterial(arterial, x, y);
    if (distance < best) [nearest, best] = [arterial, distance];
  }
  const along = nearest.axis === "ns" ? y : x;
  return formatGridAddress({ arterial: nearest, along: Math.min(nearest.to, Math.max(nearest.from, along)) });
};

// Pure, and snapshot pages geocode the same parked or slow-moving positions on every poll: memoized
// per exact coordinate pair (the output depends on every digit), in a bounded cache.
const geocodeByKey = boundedMemo((key: string) => {
  const comma = key.indexOf(",");
  return geocode({ latitude: Number(key.slice(0, comma)), longitude: Number(key.slice(comma + 1)) });
}, 16_384);

/**
 * Offline reverse geocoding for the simulated Chicago area: the address on the nearest arterial
 * ("1800 N Western Ave, Chicago, IL"); anywhere else the coordinates as "lat, lon".
 */
export const reverseGeocode = ({ latitude, longitude }: { latitude: number; longitude: number }): string => geocodeByKey(`${latitude},${longitude}`);
