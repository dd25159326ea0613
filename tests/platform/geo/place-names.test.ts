import { describe, expect, it } from "vitest";
import { nearestPlaceName } from "@/lib/platform/geo/place-names";

describe("nearestPlaceName: the ELD rule's wording in the company's unit", () => {
  it("says the distance from the nearest town in km for a km company and in mi for a mile one", async () => {
    // Out in the Baltic north of Rügen: kilometres from the nearest German town.
    const at = { latitude: 54.75, longitude: 13.2 };
    const inKm = await nearestPlaceName({ ...at, unit: "km" });
    const inMiles = await nearestPlaceName({ ...at, unit: "mi" });
    expect(inKm).toMatch(/^\d+ km (N|NE|E|SE|S|SW|W|NW) of .+, DE$/);
    expect(inMiles).toMatch(/^\d+ mi (N|NE|E|SE|S|SW|W|NW) of .+, DE$/);
    const km = Number(inKm!.split(" ")[0]);
    const miles = Number(inMiles!.split(" ")[0]);
    expect(Math.abs(km - miles * 1.609344)).toBeLessThanOrEqual(1.6);
    expect(inKm!.replace(/^\d+ km/, "")).toBe(inMiles!.replace(/^\d+ mi/, ""));
  });

  it("names the town alone inside it, with the state for the US", async () => {
    expect(await nearestPlaceName({ latitude: 41.85003, longitude: -87.65005, unit: "km" })).toBe("Chicago, IL");
    expect(await nearestPlaceName({ latitude: 0, longitude: -140, unit: "km" })).toBeNull();
  });
});
