import { describe, expect, it } from "vitest";
import { gridToLatLon } from "@/lib/platform/geo/chicago-grid";
import { reverseGeocode } from "@/lib/telemetry/store";

describe("reverseGeocode", () => {
  it("names the grid address of a point on an arterial", () => {
    // 1800 N on Western Ave (2400 W): 41.8819 + 2.25 × 0.01449, -87.6278 - 3 × 0.01934.
    expect(reverseGeocode({ latitude: 41.9145, longitude: -87.6858 })).toBe("1800 N Western Ave, Chicago, IL");
    expect(reverseGeocode(gridToLatLon({ x: 3300, y: -4700 }))).toBe("3300 W 47th St, Chicago, IL");
    expect(reverseGeocode({ latitude: 41.8819, longitude: -87.6278 })).toMatch(/^0 [NW] (State|Madison) St, Chicago, IL$/);
  });

  it("falls back to plain coordinates outside the simulated area", () => {
    expect(reverseGeocode({ latitude: 40.7128, longitude: -74.006 })).toBe("40.71280, -74.00600");
  });
});
