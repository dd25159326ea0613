import { CURRENT_API_VERSION, type ApiVersion } from "@/lib/platform/api-versions";
import { METERS_PER_SECOND_TO_MPH } from "@/lib/platform/geo/distance";

/** What each dated version of the public interface offers (decisions: "Versions of the public interface"). */
export const VERSION_FEATURES: Record<ApiVersion, { changeFeeds: boolean; locationHistory: boolean; bucketedStatsHistory: boolean; newStatTypes: boolean }> = {
  "2023-06-01": { changeFeeds: false, locationHistory: false, bucketedStatsHistory: false, newStatTypes: false },
  "2025-01-15": { changeFeeds: true, locationHistory: true, bucketedStatsHistory: true, newStatTypes: true },
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

const isTimestampKey = (key: string) => key === "time" || key.endsWith("Time");

const toMph = (value: unknown): unknown => {
  if (typeof value === "number") return round(value * METERS_PER_SECOND_TO_MPH, 2);
  if (Array.isArray(value)) return value.map(toMph);
  if (value && typeof value === "object" && "value" in value) {
    return downgrade({ ...(value as Record<string, unknown>), value: toMph((value as { value: unknown }).value) });
  }
  return value;
};

/** 2023-06-01 spelled speed as `speedMilesPerHour` and timestamps as epoch milliseconds. */
const downgrade = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(downgrade);
  if (!value || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "speed") result.speedMilesPerHour = toMph(field);
    else if (isTimestampKey(key) && typeof field === "string" && !Number.isNaN(Date.parse(field))) result[key] = Date.parse(field);
    else result[key] = downgrade(field);
  }
  return result;
};

/**
 * THE transformation layer: handlers build the current version's body; this rewrites it for the
 * version the caller asked for. Behaviour that differs (feeds, history) is switched by VERSION_FEATURES.
 */
export const toVersion = (body: unknown, version: ApiVersion): unknown => (version === CURRENT_API_VERSION ? body : downgrade(body));
