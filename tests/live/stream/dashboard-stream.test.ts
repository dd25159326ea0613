import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicles } from "@/db/schema";
import type { FleetChanges } from "@/lib/dashboard/data/types";
import { createInProcessSource } from "@/lib/dashboard/data/in-process-source";
import { startFleetEventBus, stopFleetEventBus } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";
import { readServerSentEvents, type ReceivedEvent } from "./sse-reader";

const database = useTestDatabase();

const setup = async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 3 });
  const fleetOf = (companyId: number, dataset: "live" | "test") =>
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset)))
      .orderBy(asc(vehicles.id));
  const fleet = await fleetOf(demoCompanyId, "live");
  const [otherVehicle] = await fleetOf(otherCompanyId, "live");
  const [sandboxVehicle] = await fleetOf(demoCompanyId, "test");
  const source = createInProcessSource({ db, companyId: demoCompanyId, dataset: "live" });
  let minute = 0;
  const base = Date.now() - 3_600_000;
  /** One position of `vehicleId` in the tenant, a minute after the previous one; returns its time. */
  const report = async (vehicleId: number, tenant: { companyId: number; dataset: "live" | "test" } = { companyId: demoCompanyId, dataset: "live" }) => {
    const time = new Date(base + ++minute * 60_000);
    await writeTelemetry({ db, ...tenant, positions: [{ vehicleId, time, latitude: 41.88, longitude: -87.63 }] });
    return time.toISOString();
  };
  return { db, demoCompanyId, otherCompanyId, fleet, otherVehicle, sandboxVehicle, source, report };
};

const locationsOf = (events: readonly ReceivedEvent[]) =>
  events
    .filter((event) => event.event === "changes")
    .flatMap((event) => (event.data as FleetChanges).locations.map(({ id, location }) => `${id}@${location.time}`));

describe("the dashboard's live stream", () => {
  beforeAll(async () => startFleetEventBus({ database: database() }));
  afterAll(() => stopFleetEventBus());

  it("resumes after a dropped connection from Last-Event-ID, losing and repeating nothing", async () => {
    const { fleet, source, report } = await setup();
    const { streamSeq } = await source.getSnapshot();
    const first = new AbortController();
    const before = readServerSentEvents(source.openChangeStream!({ afterSeq: streamSeq!, signal: first.signal }));
    const sent: string[] = [];
    for (const vehicle of fleet) sent.push(`${vehicle.id}@${await report(vehicle.id)}`);
    const lastVehicle = `${fleet.at(-1)!.id}@`;
    expect(await before.until(() => locationsOf(before.received).some((key) => key.startsWith(lastVehicle)))).toBe(true);
    first.abort();
    const lastEventId = before.received.filter((event) => event.id).at(-1)!.id!;

    // While disconnected, every vehicle reports again.
    for (const vehicle of fleet) sent.push(`${vehicle.id}@${await report(vehicle.id)}`);
    const second = new AbortController();
    const after = readServerSentEvents(source.openChangeStream!({ afterSeq: Number(lastEventId), signal: second.signal }));
    const lastKey = sent.at(-1)!;
    expect(await after.until(() => locationsOf(after.received).includes(lastKey))).toBe(true);
    second.abort();

    const received = [...locationsOf(before.received), ...locationsOf(after.received)];
    expect(received.sort()).toEqual([...sent].sort());
    const ids = [...before.received, ...after.received].filter((event) => event.id).map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never sends another company's or the sandbox's updates", async () => {
    const { demoCompanyId, otherCompanyId, fleet, otherVehicle, sandboxVehicle, source, report } = await setup();
    const { streamSeq } = await source.getSnapshot();
    const controller = new AbortController();
    const stream = readServerSentEvents(source.openChangeStream!({ afterSeq: streamSeq!, signal: controller.signal }));
    await report(otherVehicle.id, { companyId: otherCompanyId, dataset: "live" });
    await report(sandboxVehicle.id, { companyId: demoCompanyId, dataset: "test" });
    const mine = `${fleet[1].id}@${await report(fleet[1].id)}`;
    expect(await stream.until(() => locationsOf(stream.received).includes(mine))).toBe(true);
    controller.abort();
    expect(locationsOf(stream.received)).toEqual([mine]);
  });

  it("ends when the subscriber disconnects", async () => {
    const { source } = await setup();
    const { streamSeq } = await source.getSnapshot();
    const controller = new AbortController();
    const stream = readServerSentEvents(source.openChangeStream!({ afterSeq: streamSeq!, signal: controller.signal }));
    controller.abort();
    expect(await stream.until(() => false)).toBe(false);
    expect(stream.ended).toBe(true);
  });
});
