import type { EndpointSample } from "./registry";

const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

/**
 * The harness's facts about each device-ingestion endpoint that its definition does not give (the
 * domain reads OsmAnd's parameters and a batch's points itself).
 */
export const INGEST_SAMPLES: Record<string, EndpointSample> = {
  "GET /ingest/osmand": {
    query: ["id", "lat", "lon", "timestamp", "speed", "bearing", "altitude", "accuracy", "batt"],
    writes: true,
    sample: () => ({ path: `/ingest/osmand?id=demo-live-1&lat=41.9&lon=-87.6&timestamp=${secondsAgo(30)}` }),
  },
  "POST /ingest/osmand": {
    query: ["id", "lat", "lon", "timestamp", "speed"],
    bodyFields: ["id", "lat", "lon", "timestamp", "speed", "location", "device_id"],
    writes: true,
    bodyLimit: 64_000,
    sample: () => ({
      path: "/ingest/osmand",
      body: `id=demo-live-2&lat=41.9&lon=-87.6&timestamp=${secondsAgo(30)}`,
      contentType: "application/x-www-form-urlencoded",
    }),
  },
  "POST /ingest/batch": {
    bodyFields: ["vehicleId", "time", "latitude", "longitude", "speed", "heading", "stats"],
    writes: true,
    sample: (f) => ({
      path: "/ingest/batch",
      body: [{ vehicleId: f.demoVehicle.id, time: new Date(Date.now() - 20_000).toISOString(), latitude: 41.85, longitude: -87.65, speed: 3 }],
    }),
  },
};
