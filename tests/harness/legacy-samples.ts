import type { EndpointSample } from "./registry";

const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The harness's facts about each legacy endpoint that its definition does not give; token-protected ones authenticate as `legacy`. */
export const LEGACY_SAMPLES: Record<string, EndpointSample> = {
  "GET /api/v1/auth": { auth: { kind: "client-key" }, sample: () => ({ path: "/api/v1/auth" }) },
  "GET /api/v1/auth/healthCheck": { auth: { kind: "none" }, sample: () => ({ path: "/api/v1/auth/healthCheck" }) },
  "GET /api/v1/assets": { sample: () => ({ path: "/api/v1/assets?additionalInfo=true" }) },
  "POST /api/v1/assets": { sample: (f) => ({ path: "/api/v1/assets", body: [f.demoVehicle.vin] }) },
  "GET /api/v1/assets/driversTimers": { sample: () => ({ path: "/api/v1/assets/driversTimers" }) },
  "GET /api/v1/assets/currentWithTimers": { sample: () => ({ path: "/api/v1/assets/currentWithTimers" }) },
  "GET /api/v1/assets/location": { sample: (f) => ({ path: `/api/v1/assets/location?vin=${f.demoVehicle.vin}&from=${isoAgo(7_200_000)}&to=${isoAgo(0)}` }) },
  "GET /api/v1/assets/gps": { sample: (f) => ({ path: `/api/v1/assets/gps?vin=${f.demoVehicle.vin}&from=${isoAgo(7_200_000)}&to=${isoAgo(0)}` }) },
  "GET /api/v1/wastejob": { sample: () => ({ path: "/api/v1/wastejob?limit=5" }) },
  "POST /api/v1/camera/snapshot": {
    auth: { kind: "camera" },
    // The webhook reads its raw body itself (the signature is over it), so its definition has no body schema.
    bodyFields: ["eventId", "deviceId", "vin", "kind", "mediaUrl", "capturedAt"],
    bodyLimit: 64 * 1024,
    writes: true,
    sample: (f) => ({
      path: "/api/v1/camera/snapshot",
      body: {
        eventId: `evt-${Math.random().toString(36).slice(2)}`,
        deviceId: "cam-1",
        vin: f.demoVehicle.vin,
        kind: "snapshot",
        mediaUrl: "https://media.example/1.jpg",
        capturedAt: isoAgo(60_000),
      },
    }),
  },
  "GET /api/v2/assets": { sample: (f) => ({ path: `/api/v2/assets?vin=${f.demoVehicle.vin}` }) },
  "GET /api/v2/assets/vin/{vin}": { sample: (f) => ({ path: `/api/v2/assets/vin/${f.demoVehicle.vin}`, params: { vin: f.demoVehicle.vin } }) },
  "GET /api/v2/assets/getByAssetId/{assetId}": {
    sample: (f) => ({ path: `/api/v2/assets/getByAssetId/${f.demoVehicle.id}`, params: { assetId: String(f.demoVehicle.id) } }),
  },
  "POST /api/v2/assets/fuelStopProposal": {
    writes: true,
    sample: (f) => ({
      path: "/api/v2/assets/fuelStopProposal",
      body: {
        fuelStopsProposalsPerAsset: [
          { assetId: f.demoVehicle.id, proposedFuelStops: [{ name: "Stop", address: "1 Main St", fuelPrices: [{ diesel: 3.5, discount: 0.1 }] }] },
        ],
      },
    }),
  },
  "POST /api/v2/assets/driverProposedFuelStop": {
    writes: true,
    sample: (f) => ({ path: "/api/v2/assets/driverProposedFuelStop", body: { assetId: f.demoVehicle.id, name: "Depot", latitude: 41.8, longitude: -87.6 } }),
  },
};
