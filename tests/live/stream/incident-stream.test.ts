import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFleetEventBus, stopFleetEventBus } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { openLiveStream } from "@/lib/live/stream/open-live-stream";
import { CENTRE, OUTSIDE, setupAlertTrack } from "../../processing/alerts/alert-track";
import { useTestDatabase } from "../../helpers/test-database";
import { readServerSentEvents } from "./sse-reader";

const database = useTestDatabase();

describe("the incident stream (the inbox and the header's badge)", () => {
  beforeAll(async () => startFleetEventBus({ database: database() }));
  afterAll(() => stopFleetEventBus());

  it("forwards an incident of the company as it is recorded, and none of another company", async () => {
    const { tenant, otherCompanyId, a, place, run, rule, drive } = await setupAlertTrack(database().db);
    await rule({ name: "Arrives", trigger: { type: "placeEntry", placeIds: [place.id] } });
    const open = (companyId: number) => {
      const controller = new AbortController();
      const stream = openLiveStream({
        tenant: { companyId, dataset: "live" },
        afterSeq: 0,
        read: async () => null,
        events: { incident: "forward" },
        signal: controller.signal,
      });
      return { events: readServerSentEvents(stream), close: () => controller.abort() };
    };
    const ours = open(tenant.companyId);
    const theirs = open(otherCompanyId);
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE, 0],
    ]);
    await run();
    expect(await ours.events.until((event) => event.event === "incident")).toBe(true);
    expect(ours.events.received.find((event) => event.event === "incident")?.data).toMatchObject({ kind: "incident", companyId: tenant.companyId });
    ours.close();
    theirs.close();
    await theirs.events.until(() => false);
    expect(theirs.events.received.filter((event) => event.event === "incident")).toEqual([]);
  });
});
