import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vehiclePositions, vehicles } from "@/db/schema";
import { createIngestQueue } from "@/lib/ingestion/trackers/ingest-queue";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

describe("tracker ingest queue", () => {
  it("writes packets of many connections together, and a packet the ingestion refuses fails alone", async () => {
    const { db } = database();
    await seedTestCompanies({ db });
    const [first, second] = await db.select().from(vehicles).where(eq(vehicles.dataset, "live")).limit(2);
    const queue = createIngestQueue({ db, flushMs: 20 });
    const time = new Date(Date.now() - 60_000);
    const point = (vehicle: typeof first, offsetMs = 0) => ({
      companyId: vehicle.companyId,
      dataset: vehicle.dataset,
      vehicleId: vehicle.id,
      time: new Date(time.getTime() + offsetMs),
      latitude: 41.9,
      longitude: -87.7,
    });
    const submit = (batch: Parameters<typeof queue.submit>[0]) =>
      new Promise<void>((resolve, reject) => queue.submit(batch, (failure) => (failure ? reject(failure.error) : resolve())));
    const results = await Promise.allSettled([
      submit({ positions: [point(first)] }),
      // A vehicle gone since its device connected: the shared write fails, this packet alone is refused.
      submit({ positions: [{ ...point(second), vehicleId: 2_000_000 }] }),
      submit({ positions: [point(second), point(second, 1_000)] }),
      // The same point twice in one flush (a resend racing its original) is stored once.
      submit({ positions: [point(first)] }),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, first.id))).toHaveLength(1);
    expect(await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, second.id))).toHaveLength(2);
  });

  it("keeps writing after a connection's settling throws", async () => {
    const { db } = database();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.dataset, "live")).limit(1);
    const queue = createIngestQueue({ db, flushMs: 20 });
    const point = (offsetMs: number) => ({
      companyId: vehicle.companyId,
      dataset: vehicle.dataset,
      vehicleId: vehicle.id,
      time: new Date(Date.now() - 30_000 + offsetMs),
      latitude: 41.9,
      longitude: -87.7,
    });
    queue.submit({ positions: [point(0)] }, () => {
      throw new Error("a broken connection callback");
    });
    await queue.drain();
    const later = await new Promise<unknown>((resolve) => queue.submit({ positions: [point(1_000)] }, (failure) => resolve(failure)));
    expect(later).toBeUndefined();
    const stored = await db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicle.id));
    expect(stored.filter((row) => row.time.getTime() > Date.now() - 40_000)).toHaveLength(2);
  });
});
