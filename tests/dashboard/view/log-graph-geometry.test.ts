import { describe, expect, it } from "vitest";
import { buildLogGraph } from "@/lib/dashboard/view/log-graph-geometry";
import type { DutyStatusEntry } from "@/lib/hos/rules";

const day = new Date("2026-03-02T06:00:00Z");
const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000);
const end = at(24);

describe("ELD log graph geometry", () => {
  it("starts the day in the status in force at midnight and steps between rows", () => {
    const log: DutyStatusEntry[] = [
      { status: "sleeperBed", startTime: at(-5) },
      { status: "onDuty", startTime: at(6) },
      { status: "driving", startTime: at(6.5) },
      { status: "offDuty", startTime: at(12) },
    ];
    const graph = buildLogGraph({ log, dayStart: day, dayEnd: end });
    expect(graph.segments.map((s) => [s.status, s.x1, s.x2])).toEqual([
      ["sleeperBed", 0, 0.25],
      ["onDuty", 0.25, 6.5 / 24],
      ["driving", 6.5 / 24, 0.5],
      ["offDuty", 0.5, 1],
    ]);
    expect(graph.points).toEqual([
      [0, 1],
      [0.25, 1],
      [0.25, 3],
      [6.5 / 24, 3],
      [6.5 / 24, 2],
      [0.5, 2],
      [0.5, 0],
      [1, 0],
    ]);
    expect(graph.totalsMs).toEqual({ offDuty: 12 * 3_600_000, sleeperBed: 6 * 3_600_000, driving: 5.5 * 3_600_000, onDuty: 0.5 * 3_600_000 });
    expect(graph.hourTicks).toHaveLength(25);
  });

  it("draws personal conveyance on Off and yard move on ON, totals included", () => {
    const log: DutyStatusEntry[] = [
      { status: "offDuty", startTime: at(0) },
      { status: "personalConveyance", startTime: at(1) },
      { status: "yardMove", startTime: at(2) },
      { status: "onDuty", startTime: at(3) },
      { status: "offDuty", startTime: at(4) },
    ];
    const graph = buildLogGraph({ log, dayStart: day, dayEnd: end });
    expect(graph.segments.map((s) => [s.status, s.row])).toEqual([
      ["offDuty", 0],
      ["personalConveyance", 0],
      ["yardMove", 3],
      ["onDuty", 3],
      ["offDuty", 0],
    ]);
    expect(graph.totalsMs.offDuty).toBe(22 * 3_600_000);
    expect(graph.totalsMs.onDuty).toBe(2 * 3_600_000);
  });

  it("draws nothing before the first entry nor after the present", () => {
    const log: DutyStatusEntry[] = [{ status: "driving", startTime: at(2) }];
    const graph = buildLogGraph({ log, dayStart: day, dayEnd: end, until: at(5) });
    expect(graph.segments).toHaveLength(1);
    expect([graph.segments[0].x1, graph.segments[0].x2]).toEqual([2 / 24, 5 / 24]);
    expect(graph.totalsMs.driving).toBe(3 * 3_600_000);
    expect(graph.totalsMs.offDuty).toBe(0);
  });

  it("has 23 hour columns on the spring-forward day", () => {
    const graph = buildLogGraph({ log: [], dayStart: day, dayEnd: at(23) });
    expect(graph.hourTicks).toHaveLength(24);
    expect(graph.hourTicks.at(-1)).toBe(1);
  });
});
