import { describe, expect, it } from "vitest";
import {
  convertSpeed,
  formatDistance,
  formatDuration,
  formatFuelEconomy,
  formatOffsetFrom,
  formatSpeed,
  formatVolume,
  toDistanceUnit,
} from "@/lib/platform/units";

describe("units: the company's unit decides every distance, speed, volume and fuel economy", () => {
  it("converts m/s to km/h and mph", () => {
    expect(convertSpeed(10, "km")).toBeCloseTo(36);
    expect(convertSpeed(10, "mi")).toBeCloseTo(22.37, 2);
    expect(formatSpeed(25, "km")).toBe("90 km/h");
    expect(formatSpeed(25, "mi")).toBe("56 mph");
    expect(formatSpeed(null, "mi")).toBe("—");
  });

  it("formats distances with grouping and the unit's label", () => {
    expect(formatDistance(16_093.44, "mi")).toBe("10.0 mi");
    expect(formatDistance(16_093.44, "km")).toBe("16.1 km");
    expect(formatDistance(187_789_000, "km", 0)).toBe("187,789 km");
    expect(formatDistance(undefined, "km")).toBe("—");
  });

  it("formats volumes in liters or US gallons, and fuel economy as L/100 km or mpg", () => {
    expect(formatVolume(37.854, "mi")).toBe("10.0 gal");
    expect(formatVolume(37.854, "km")).toBe("37.9 L");
    expect(formatFuelEconomy(100_000, 8, "km")).toBe("8.0 L/100 km");
    expect(formatFuelEconomy(160_934.4, 3.785411784 * 20, "mi")).toBe("5.0 mpg");
    expect(formatFuelEconomy(0, 8, "km")).toBe("—");
    expect(formatFuelEconomy(null, 8, "km")).toBe("—");
  });

  it("words a place's offset from a town in the unit, the town alone within one", () => {
    expect(formatOffsetFrom({ meters: 4_828, direction: "NW", place: "Joliet, IL", unit: "mi" })).toBe("3 mi NW of Joliet, IL");
    expect(formatOffsetFrom({ meters: 4_828, direction: "NW", place: "Potsdam, DE", unit: "km" })).toBe("5 km NW of Potsdam, DE");
    expect(formatOffsetFrom({ meters: 900, direction: "S", place: "Potsdam, DE", unit: "km" })).toBe("Potsdam, DE");
    expect(formatOffsetFrom({ meters: 1_200, direction: "S", place: "Joliet, IL", unit: "mi" })).toBe("Joliet, IL");
  });

  it("reads a stored unit, anything but mi as metric; durations as hours and minutes", () => {
    expect(toDistanceUnit("mi")).toBe("mi");
    expect(toDistanceUnit("furlongs")).toBe("km");
    expect(formatDuration(95 * 60_000)).toBe("1 h 35 min");
  });
});
