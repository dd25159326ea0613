import { describe, expect, it } from "vitest";
import { findCity, searchCities } from "@/lib/platform/geo/city-search";

describe("searchCities and findCity: the home city from the shipped gazetteer, without a network", () => {
  it("lists towns by the start of their name, the most populous first, narrowed by the region after a comma", async () => {
    const [first] = await searchCities({ query: "berl" });
    expect(first).toMatchObject({ label: "Berlin, DE" });
    expect(first.latitude).toBeCloseTo(52.52, 1);
    expect(first.longitude).toBeCloseTo(13.41, 1);
    expect((await searchCities({ query: "Springfield, IL" })).map((city) => city.label)).toEqual(["Springfield, IL"]);
    expect((await searchCities({ query: "dusseldorf" }))[0].label).toBe("Düsseldorf, DE");
    expect(await searchCities({ query: "b" })).toEqual([]);
  });

  it("resolves a label to its town, a bare name to the most populous of that name, and nothing to null", async () => {
    expect((await findCity("Potsdam, DE"))?.label).toBe("Potsdam, DE");
    expect((await findCity("Paris"))?.label).toBe("Paris, FR");
    expect(await findCity("Nowhere at all, ZZ")).toBeNull();
  });
});
