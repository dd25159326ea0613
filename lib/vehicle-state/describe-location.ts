import { reverseGeocode } from "@/lib/telemetry/reverse-geocode";

/**
 * The human-readable place of a coordinate, shown as `reverseGeo.formattedLocation` (public) and
 * `address` (legacy v2): the offline reverse geocoder's street address, or "lat, lon" outside its
 * area. Every caller goes through this one function so swapping the geocoder changes them all.
 */
export const describeLocation = (latitude: number, longitude: number): string => reverseGeocode({ latitude, longitude });
