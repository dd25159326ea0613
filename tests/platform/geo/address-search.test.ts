import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimitBuckets } from "@/db/schema";
import { reloadConfig } from "@/lib/platform/config";
import { isAddressSearchOn, searchAddresses } from "@/lib/platform/geo/address-search";
import { TOWNS_ONLY_MESSAGE } from "@/lib/platform/geo/towns-only";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

/** A Nominatim stand-in on a free local port: what it was asked, and what it answers next. */
const requests: IncomingMessage[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: [] };
const nominatim = createServer((request, response) => {
  requests.push(request);
  response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
});
let baseUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => nominatim.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}/nominatim`;
});
afterAll(() => new Promise<void>((resolve) => nominatim.close(() => resolve())));

const useGeocoder = (url: string | undefined) => {
  if (url !== undefined) vi.stubEnv("GEOCODER_URL", url);
  reloadConfig();
};
// Each search starts with the installation's bucket full (a second after the last search).
beforeEach(async () => {
  requests.length = 0;
  await database().db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, "geocoder"));
});
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

const ALEXANDERPLATZ = { display_name: "1, Alexanderplatz, Mitte, Berlin, 10178, Deutschland", lat: "52.5219", lon: "13.4132", place_id: 1 };

describe("searchAddresses: street addresses from a Nominatim-compatible geocoder (GEOCODER_URL)", () => {
  it("without GEOCODER_URL says the search finds towns only, and asks nobody", async () => {
    useGeocoder(undefined);
    expect(isAddressSearchOn()).toBe(false);
    await expect(searchAddresses({ db: database().db, query: "Alexanderplatz 1, Berlin" })).rejects.toMatchObject({
      code: "bad_request",
      message: TOWNS_ONLY_MESSAGE,
    });
    expect(requests).toHaveLength(0);
  });

  it("asks the geocoder's /search once and answers its addresses as places to move the map to", async () => {
    useGeocoder(baseUrl);
    expect(isAddressSearchOn()).toBe(true);
    answer = { status: 200, body: [ALEXANDERPLATZ] };
    expect(await searchAddresses({ db: database().db, query: " Alexanderplatz 1, Berlin " })).toEqual([
      { label: ALEXANDERPLATZ.display_name, latitude: 52.5219, longitude: 13.4132 },
    ]);
    expect(requests).toHaveLength(1);
    const asked = new URL(requests[0].url!, "http://geocoder");
    expect(asked.pathname).toBe("/nominatim/search");
    expect(Object.fromEntries(asked.searchParams)).toEqual({ q: "Alexanderplatz 1, Berlin", format: "jsonv2", limit: "5" });
    expect(requests[0].headers["user-agent"]).toMatch(/^fleet-telematics/);
  });

  it("takes one search a second for the whole installation: the next at once is 429 and never reaches the geocoder", async () => {
    useGeocoder(baseUrl);
    answer = { status: 200, body: [ALEXANDERPLATZ] };
    await searchAddresses({ db: database().db, query: "Alexanderplatz 1" });
    await expect(searchAddresses({ db: database().db, query: "Alexanderplatz 2" })).rejects.toMatchObject({ code: "rate_limited" });
    expect(requests).toHaveLength(1);
  });

  it("answers 503 when the geocoder fails or answers nonsense, 400 for a query too short to search", async () => {
    useGeocoder(baseUrl);
    const { db } = database();
    answer = { status: 500, body: { error: "down" } };
    await expect(searchAddresses({ db, query: "Alexanderplatz" })).rejects.toMatchObject({ code: "unavailable" });
    await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, "geocoder"));
    answer = { status: 200, body: { not: "a list" } };
    await expect(searchAddresses({ db, query: "Alexanderplatz" })).rejects.toMatchObject({ code: "unavailable" });
    await expect(searchAddresses({ db, query: "Al" })).rejects.toMatchObject({ code: "bad_request" });
  });
});
