import { describe, expect, it } from "vitest";
import { describeTrigger } from "@/lib/processing/alerts/alert-trigger";

describe("describeTrigger: a rule's speed in the company's unit", () => {
  it("says km/h for a km company (and the API) and mph for a miles one", () => {
    const trigger = { type: "speeding", speedKph: 100, seconds: 30 } as const;
    expect(describeTrigger(trigger)).toBe("Over 100 km/h for 30 s");
    expect(describeTrigger(trigger, "km")).toBe("Over 100 km/h for 30 s");
    expect(describeTrigger({ ...trigger, speedKph: 105 }, "mi")).toBe("Over 65 mph for 30 s");
  });
});
