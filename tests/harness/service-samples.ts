import type { EndpointSample } from "./registry";

/** The harness's facts about each unauthenticated service route that its definition does not give. */
export const SERVICE_SAMPLES: Record<string, EndpointSample> = {
  "GET /api/health": { sample: () => ({ path: "/api/health" }) },
  "GET /share/{token}/stream": {
    // The stream reads its token and resume point itself (an invalid token is a 404, not a 400).
    pathParams: ["token"],
    query: ["after"],
    sample: (f) => ({ path: `/share/${f.liveShareToken}/stream?after=0`, params: { token: f.liveShareToken } }),
  },
  "GET /openapi.json": { sample: () => ({ path: "/openapi.json" }) },
};
