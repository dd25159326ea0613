import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { queryRows } from "@/db/rows";
import { vehicles } from "@/db/schema";
import { createIngestToken, revokeIngestToken, seedIngestToken } from "@/lib/ingestion/batch";
import { POST } from "@/app/ingest/batch/route";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { testActor } from "../../helpers/devices";

const database = useTestDatabase();

const send = async (body: unknown, token: string | null = "demo-ingest-token") => {
  const headers = new Headers({ "content-type": "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const response = await POST(
    new Request("http://localhost/ingest/batch", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }),
  );
  return { status: response.status, body: await response.json() };
};
const count = async (table: string) => (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;

const setup = async () => {
  const db = getDb();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db: database().db, liveVehicles: 4 });
  await seedIngestToken({ db });
  const fleet = await db.select().from(vehicles).orderBy(asc(vehicles.id));
  const demo = fleet.filter((v) => v.companyId === demoCompanyId && v.dataset === "live").map((v) => v.id);
  const other = fleet.filter((v) => v.companyId === otherCompanyId).map((v) => v.id);
  return { demoCompanyId, demo, other };
};
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

describe("POST /ingest/batch", () => {
  it("stores acknowledged points with their stats, and a resend is counted as duplicates", async () => {
    const { demo } = await setup();
    const points = demo.map((vehicleId, i) => ({
      vehicleId,
      time: secondsAgo(30),
      latitude: 41.8 + i / 100,
      longitude: -87.6,
      speed: 12,
      heading: 90,
      stats: i % 2 === 0 ? { engineRpm: 1400, fuelPercent: 55, engineState: "On" } : undefined,
    }));
    const first = await send(points);
    expect(first).toMatchObject({ status: 200, body: { data: { accepted: { positions: 4, stats: 2 }, duplicates: { positions: 0, stats: 0 } } } });
    expect(await count("vehicle_positions")).toBe(4);
    const [state] = await queryRows<{ latitude: number; fuel_percent: number }>(
      getDb(),
      sql`select latitude, fuel_percent from vehicle_state where vehicle_id = ${demo[0]}`,
    );
    expect(state).toEqual({ latitude: 41.8, fuel_percent: 55 });
    const again = await send(points);
    expect(again.body.data).toEqual({ accepted: { positions: 0, stats: 0 }, duplicates: { positions: 4, stats: 2 } });
    expect(await count("vehicle_positions")).toBe(4);
  });

  it("401 without a token, with a wrong one, and with a revoked one", async () => {
    const { demo, demoCompanyId } = await setup();
    const point = [{ vehicleId: demo[0], time: secondsAgo(5), latitude: 41, longitude: -87 }];
    expect((await send(point, null)).status).toBe(401);
    expect((await send(point, "not-a-token")).status).toBe(401);
    const { id, token } = await createIngestToken({ db: getDb(), companyId: demoCompanyId, dataset: "live", name: "gateway 2", actor: testActor });
    expect((await send(point, token)).status).toBe(200);
    await revokeIngestToken({ db: getDb(), companyId: demoCompanyId, id: id!, actor: testActor });
    expect((await send(point, token)).body.message).toMatch(/Invalid ingest token/);
  });

  it("400 naming the index of the first bad point, and nothing of the batch is written", async () => {
    const { demo, other } = await setup();
    const before = await count("vehicle_positions");
    const good = (i: number) => ({ vehicleId: demo[i % demo.length], time: secondsAgo(100 - i), latitude: 41, longitude: -87 });
    const cases: [unknown, RegExp][] = [
      [[good(0), good(1), { ...good(2), latitude: 123 }], /^points\[2\]: latitude must be between -90 and 90/],
      [[good(0), { ...good(1), time: "yesterday-ish" }], /^points\[1\]: "time"/],
      [[good(0), good(1), good(2), { ...good(3), stats: { fuelPercent: 130 } }], /^points\[3\]: fuelPercent must be between 0 and 100/],
      // The first bad point in the order sent, though a later point's position is bad too.
      [[good(0), { ...good(1), stats: { fuelPercent: 130 } }, { ...good(2), latitude: 123 }], /^points\[1\]: fuelPercent must be between/],
      [[good(0), { ...good(1), vehicleId: other[0] }], /^points\[1\]: unknown vehicle/],
      // Past the int4 ids: refused by name, not wrapped into another number on the way to PostgreSQL.
      [[good(0), { ...good(1), vehicleId: 3_000_000_000 }], /^points\[1\]: vehicleId must be a positive integer/],
      [[good(0), { vehicleId: demo[0] }], /^points\[1\]: "time"/],
      [{ points: [] }, /JSON array/],
      ["[{", /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const response = await send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(response.body.requestId).toBeTruthy();
    }
    expect(await count("vehicle_positions")).toBe(before);
  });

  it("413 past the body size or the point count", async () => {
    const { demo } = await setup();
    const huge = `[${" ".repeat(9 * 1024 * 1024)}]`;
    expect((await send(huge)).status).toBe(413);
    const many = Array.from({ length: 20_001 }, (_, i) => ({ vehicleId: demo[0], time: i, latitude: 0, longitude: 0 }));
    expect((await send(many)).status).toBe(413);
  });
});
