import { describe, expect, it } from "vitest";
import { distanceMeters, projectPoints } from "@/lib/dashboard/view/mini-map-geometry";

describe("mini map geometry", () => {
  it("measures great-circle distance", () => {
    // One degree of latitude is about 111.2 km.
    expect(distanceMeters({ latitude: 41, longitude: -87.6 }, { latitude: 42, longitude: -87.6 })).toBeCloseTo(111_195, -2);
  });

  it("puts two points inside the box, north up, east right, at equal scale", () => {
    const { positions } = projectPoints({
      points: [
        { latitude: 41.88, longitude: -87.63 },
        { latitude: 41.9, longitude: -87.6 },
      ],
      width: 400,
      height: 300,
    });
    const [south, north] = positions;
    expect(north.y).toBeLessThan(south.y);
    expect(north.x).toBeGreaterThan(south.x);
    for (const p of positions) {
      expect(p.x).toBeGreaterThanOrEqual(39.999);
      expect(p.x).toBeLessThanOrEqual(360.001);
      expect(p.y).toBeGreaterThanOrEqual(39.999);
      expect(p.y).toBeLessThanOrEqual(260.001);
    }
  });

  it("centres a single point with a minimum span", () => {
    const { positions, metersPerPixel } = projectPoints({ points: [{ latitude: 41.88, longitude: -87.63 }], width: 400, height: 300 });
    expect(positions[0]).toEqual({ x: 200, y: 150 });
    expect(metersPerPixel).toBeCloseTo(2000 / 320, 5);
  });
});
