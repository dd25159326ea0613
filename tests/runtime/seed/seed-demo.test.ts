import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, drivers, users, vehicles } from "@/db/schema";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { seedTestCompanies } from "../../helpers/seeded";
import { createTestDatabase, useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

describe("demo seed", () => {
  it("creates Demo Fleet with Waste and Other Fleet without, each with its own fleet", async () => {
    const { db } = database();
    const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 6 });
    const [demo] = await db.select().from(companies).where(eq(companies.id, demoCompanyId));
    const [other] = await db.select().from(companies).where(eq(companies.id, otherCompanyId));
    expect(demo).toMatchObject({ name: "Demo Fleet", planTier: "Professional", modules: ["Waste"] });
    expect(other.modules).toEqual([]);
    const vehicleCount = async (companyId: number, dataset: "live" | "test") =>
      (
        await db
          .select({ n: count() })
          .from(vehicles)
          .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset)))
      )[0].n;
    expect(await vehicleCount(demoCompanyId, "live")).toBe(6);
    expect(await vehicleCount(demoCompanyId, "test")).toBe(5);
    expect(await vehicleCount(otherCompanyId, "live")).toBe(8);
    const [{ n: driverCount }] = await db.select({ n: count() }).from(drivers).where(eq(drivers.companyId, demoCompanyId));
    expect(driverCount).toBe(11);
    const roles = (await db.select({ role: users.role }).from(users).where(eq(users.companyId, demoCompanyId))).map((u) => u.role).sort();
    expect(roles).toEqual(["admin", "dispatcher", "manager"]);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const { db } = database();
    expect(await seedDemo({ db, liveVehicles: 6 })).toEqual({ seeded: false });
    expect((await db.select({ n: count() }).from(companies))[0].n).toBe(2);
  });

  it("seeds once when two instances start together on one empty database", async () => {
    const fresh = await createTestDatabase();
    try {
      const results = await Promise.all([seedDemo({ db: fresh.db, liveVehicles: 3 }), seedDemo({ db: fresh.db, liveVehicles: 3 })]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      expect((await fresh.db.select({ n: count() }).from(companies))[0].n).toBe(2);
      expect((await fresh.db.select({ n: count() }).from(users))[0].n).toBe(4);
    } finally {
      await fresh.close();
    }
  });

  it("gives VINs with a valid ISO 3779 check digit, unique per company", async () => {
    const { db } = database();
    const rows = await db.select({ vin: vehicles.vin }).from(vehicles);
    for (const { vin } of rows) expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(new Set(rows.map((r) => r.vin)).size).toBe(rows.length);
  });

  it("signs in the demo admin with the default password and rejects a wrong one", async () => {
    const user = await authenticateUser({ email: "Admin@Demo.test", password: "demo-password-1", ip: "127.0.0.1" });
    expect(user).toMatchObject({ email: "admin@demo.test", role: "admin", companyName: "Demo Fleet" });
    await expect(authenticateUser({ email: "admin@demo.test", password: "nope", ip: "127.0.0.1" })).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("throttles repeated sign-in attempts for one account with 429", async () => {
    const attempt = () => authenticateUser({ email: "manager@demo.test", password: "wrong", ip: "10.9.9.9" }).catch((e) => e.code);
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) codes.push(await attempt());
    expect(codes.slice(0, 5)).toEqual(Array(5).fill("unauthorized"));
    expect(codes.slice(5)).toEqual(["rate_limited", "rate_limited"]);
  });
});
