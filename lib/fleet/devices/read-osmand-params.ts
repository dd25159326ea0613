import { AppError } from "@/lib/platform/errors";
import { readBodyText } from "@/lib/platform/http";
import { METERS_PER_SECOND_PER_KNOT, type OsmandParams } from "./osmand";

/** The largest OsmAnd body accepted (a point is a few hundred bytes). */
export const OSMAND_BODY_LIMIT_BYTES = 64_000;

type TraccarJson = {
  device_id?: unknown;
  location?: { timestamp?: unknown; coords?: Record<string, unknown>; battery?: { level?: unknown }; odometer?: unknown };
};

/**
 * The parameters of a JSON body: flat OsmAnd keys, or the shape newer Traccar Client versions
 * post (`{ device_id, location: { timestamp, coords: { latitude, ... speed in m/s }, battery } }`).
 */
export const osmandParamsFromJson = (json: unknown): OsmandParams => {
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new AppError("bad_request", "Request body must be a JSON object.");
  const { device_id, location } = json as TraccarJson;
  const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
  if (location?.coords) {
    const { latitude, longitude, speed, heading, altitude, accuracy } = location.coords;
    const level = location.battery?.level;
    const entries = {
      id: text(device_id),
      lat: text(latitude),
      lon: text(longitude),
      timestamp: text(location.timestamp),
      speed: typeof speed === "number" && speed >= 0 ? String(speed / METERS_PER_SECOND_PER_KNOT) : undefined,
      bearing: typeof heading === "number" && heading >= 0 ? String(heading) : undefined,
      altitude: text(altitude),
      accuracy: text(accuracy),
      batt: typeof level === "number" && level >= 0 ? String(level <= 1 ? level * 100 : level) : undefined,
      odometer: text(location.odometer),
    };
    return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as OsmandParams;
  }
  return Object.fromEntries(Object.entries(json).map(([key, value]) => [key, String(value)]));
};

/** The OsmAnd parameters of a query string and a POST's body text, form-encoded or JSON (body values win). */
export const osmandParamsOf = ({ query, body }: { query: URLSearchParams; body: string }): OsmandParams => {
  const params = Object.fromEntries(query);
  const text = body.trim();
  if (text === "") return params;
  if (text.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("bad_request", "Request body is not valid JSON.");
    }
    return { ...params, ...osmandParamsFromJson(json) };
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(text)) };
};

/** The OsmAnd parameters of a request: the query string, plus for POST a form-encoded or JSON body. */
export const readOsmandParams = async (request: Request): Promise<OsmandParams> =>
  osmandParamsOf({
    query: new URL(request.url).searchParams,
    body: request.method === "POST" ? await readBodyText(request, OSMAND_BODY_LIMIT_BYTES) : "",
  });
