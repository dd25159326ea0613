import { reverseGeocode } from "@/lib/telemetry/store/reverse-geocode";

/** The human-readable place of a coordinate, shown as `reverseGeo.formattedLocation` (offline geocoder). */
export const describeLocation = (latitude: number, longitude: number): string => reverseGeocode({ latitude, longitude });
