import { z } from "zod";
import type { Executor } from "@/db/client";
import { getConfig } from "@/lib/platform/config";
import { AppError } from "@/lib/platform/errors";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import type { CityMatch } from "./city-search";
import { TOWNS_ONLY_MESSAGE } from "./towns-only";

/** Nominatim's usage policy: at most one request a second, for the whole installation (one bucket in the shared database). */
const GEOCODER_RATE = { capacity: 1, refillPerSecond: 1 };
const TIMEOUT_MS = 5_000;

const nominatimResults = z.array(z.object({ display_name: z.string(), lat: z.coerce.number(), lon: z.coerce.number() }));

/** Whether street addresses can be searched (GEOCODER_URL is set). */
export const isAddressSearchOn = () => getConfig().GEOCODER_URL !== undefined;

/**
 * Street addresses matching `query` from the configured Nominatim-compatible geocoder (`GET /search?q=…&format=jsonv2`),
 * for the map to move to. One search a submit, never as one types (Nominatim forbids autocomplete on its servers).
 * Unset geocoder: 400 with TOWNS_ONLY_MESSAGE; over the rate: 429; geocoder down or answering nonsense: 503.
 */
export const searchAddresses = async ({ db, query, limit = 5 }: { db: Executor; query: string; limit?: number }): Promise<CityMatch[]> => {
  const base = getConfig().GEOCODER_URL;
  if (base === undefined) throw new AppError("bad_request", TOWNS_ONLY_MESSAGE);
  const text = query.trim();
  if (text.length < 3) throw new AppError("bad_request", "Type at least 3 characters of the address.");
  await enforceRateLimit({ db, key: "geocoder", rule: GEOCODER_RATE, message: "The address search takes one search a second: try again in a moment." });
  const url = new URL("search", base.endsWith("/") ? base : `${base}/`);
  url.search = new URLSearchParams({ q: text, format: "jsonv2", limit: String(limit) }).toString();
  const unavailable = (cause?: unknown) => new AppError("unavailable", "The address search is not answering: try again later, or find the town.", { cause });
  const response = await fetch(url, {
    headers: { accept: "application/json", "user-agent": "fleet-telematics-places/1" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw unavailable(error);
  });
  if (!response.ok) throw unavailable(new Error(`geocoder answered ${response.status}`));
  const parsed = nominatimResults.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable(parsed.error);
  return parsed.data
    .filter((result) => Math.abs(result.lat) <= 90 && Math.abs(result.lon) <= 180)
    .slice(0, limit)
    .map((result) => ({ label: result.display_name, latitude: result.lat, longitude: result.lon }));
};
