/**
 * The human-readable place of a coordinate, shown as `reverseGeo.formattedLocation`. Until the offline
 * reverse geocoder (lib/telemetry/reverse-geocode.ts, branch `sim`) is merged this is the coordinate
 * text; every caller goes through this one function so swapping it changes them all.
 */
export const describeLocation = (latitude: number, longitude: number): string => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
