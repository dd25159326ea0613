import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";

const LEGACY_PATHS = [
  "/api/v1/auth",
  "/api/v1/auth/healthCheck",
  "/api/v1/assets",
  "/api/v1/assets/driversTimers",
  "/api/v1/assets/currentWithTimers",
  "/api/v1/assets/location",
  "/api/v1/assets/gps",
  "/api/v2/assets",
  "/api/v2/assets/vin/{vin}",
  "/api/v2/assets/getByAssetId/{assetId}",
  "/api/v2/assets/fuelStopProposal",
  "/api/v2/assets/driverProposedFuelStop",
  "/api/v1/wastejob",
  "/api/v1/camera/snapshot",
];

describe("OpenAPI document", () => {
  it("describes every legacy path, with the legacy records as components", () => {
    const document = getOpenApiDocument();
    for (const path of LEGACY_PATHS) expect(document.paths?.[path], path).toBeDefined();
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(["LegacyAssetPosition", "LegacyAssetWithTimers", "LegacyLocationPoint", "LegacyGpsPoint", "LegacyAssetState", "LegacyWasteJob"]),
    );
    expect(JSON.stringify(schemas.LegacyAssetWithTimers)).toContain("statusDesctiption");
  });
});
