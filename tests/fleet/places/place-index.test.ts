import { describe, expect, it } from "vitest";
import { boundingBox, containsPoint, type LocatablePlace } from "@/lib/fleet/places/place-geometry";
import { indexPlaces } from "@/lib/fleet/places/place-index";

const circle = (latitude: number, longitude: number, radiusMeters: number): LocatablePlace => {
  const shape = { latitude, longitude, radiusMeters, vertices: null };
  return { ...shape, ...boundingBox(shape) };
};
const triangle = (latitude: number, longitude: number, size: number): LocatablePlace => {
  const vertices = [
    { latitude, longitude },
    { latitude: latitude + size, longitude },
    { latitude, longitude: longitude + size },
  ];
  const shape = { latitude, longitude, radiusMeters: null, vertices };
  return { ...shape, ...boundingBox(shape) };
};

describe("indexPlaces", () => {
  it("finds, for any point, exactly the places containing it, in the order given", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const places = [
      ...Array.from({ length: 300 }, () => circle(41.8 + random() * 0.1, -87.7 + random() * 0.1, 50 + random() * 1_500)),
      ...Array.from({ length: 300 }, () => triangle(41.8 + random() * 0.1, -87.7 + random() * 0.1, random() * 0.02)),
      // Tens of kilometres across: kept out of the grid, still found.
      circle(41.85, -87.65, 40_000),
      // Small, its centre on a cell corner.
      circle(41.8, -87.7, 10),
    ];
    const placesAt = indexPlaces(places);
    const points = [
      { latitude: 41.8, longitude: -87.7 },
      ...Array.from({ length: 3_000 }, () => ({ latitude: 41.79 + random() * 0.12, longitude: -87.71 + random() * 0.12 })),
    ];
    for (const point of points) expect(placesAt(point)).toEqual(places.filter((place) => containsPoint(place, point)));
  });
});
