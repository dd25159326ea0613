import { describe, expect, it } from "vitest";
import { findOperationPage, getApiReference } from "@/lib/interfaces/openapi/reference/reference-pages";

const groups = getApiReference();
const anchors = groups.flatMap((group) => group.operations.map((operation) => operation.anchor));

describe("findOperationPage", () => {
  it("finds the locations feed by its slug, with its interface and its neighbours in the contents", () => {
    const page = findOperationPage({ groups, anchor: "get-fleet-vehicles-locations-feed" });
    expect(page.group.tag).toBe("Public fleet interface");
    expect(page.operation).toMatchObject({ method: "GET", path: "/fleet/vehicles/locations/feed", scope: "vehicles:read" });
    expect(page.previous?.anchor).toBe("get-fleet-vehicles-locations");
    expect(page.next?.anchor).toBe("get-fleet-vehicles-locations-history");
  });

  it("links the interfaces' operations into one sequence: the first has no previous, the last no next, across interfaces too", () => {
    expect(findOperationPage({ groups, anchor: anchors[0] }).previous).toBeUndefined();
    expect(findOperationPage({ groups, anchor: anchors.at(-1)! }).next).toBeUndefined();
    const firstLegacy = groups[1].operations[0];
    const lastFleet = groups[0].operations.at(-1)!;
    expect(findOperationPage({ groups, anchor: firstLegacy.anchor })).toMatchObject({ group: { tag: "Legacy interface" }, previous: lastFleet });
    expect(findOperationPage({ groups, anchor: lastFleet.anchor }).next).toBe(firstLegacy);
  });

  it("answers not_found for a slug no operation has (a group's anchor included)", () => {
    for (const anchor of ["no-such-operation", "public-fleet-interface", "", "GET-fleet-vehicles"])
      expect(() => findOperationPage({ groups, anchor }), anchor).toThrow(expect.objectContaining({ name: "AppError", code: "not_found" }));
  });

  it("builds the reference once for every page that asks", () => {
    expect(getApiReference()).toBe(groups);
  });
});
