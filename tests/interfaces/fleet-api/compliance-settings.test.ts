import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/fleet/settings/compliance/route";
import { auditEvents, companies } from "@/db/schema";
import { createTestApiKey } from "../../helpers/api-keys";
import { callFleet } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let companyId: number;
let live: string;
let sandbox: string;
let other: string;
beforeAll(async () => {
  const { db } = database();
  const seeded = await seedTestCompanies({ db, liveVehicles: 1 });
  companyId = seeded.demoCompanyId;
  live = (await createTestApiKey({ db, companyId })).key;
  sandbox = (await createTestApiKey({ db, companyId, environment: "test" })).key;
  other = (await createTestApiKey({ db, companyId: seeded.otherCompanyId })).key;
});

const read = (key: string) => callFleet(route.GET, "/fleet/settings/compliance", { key });
const patch = (key: string, body: unknown) => callFleet(route.PATCH, "/fleet/settings/compliance", { key, method: "PATCH", body });

describe("/fleet/settings/compliance", () => {
  it("answers the company's name as the carrier until one is set, and no DOT number", async () => {
    const answer = await read(live);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { carrierName: "Demo Fleet", mainOfficeFormattedAddress: "" } });
  });

  it("PATCH changes only the fields sent, audits the change, and another company sees its own", async () => {
    const answer = await patch(live, { dotNumber: 1000003, carrierName: "Demo Freight Lines LLC" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ carrierName: "Demo Freight Lines LLC", dotNumber: 1000003, mainOfficeFormattedAddress: "" });
    expect((await patch(live, { mainOfficeFormattedAddress: "1 Depot Rd, Springfield, IL" })).body.data).toMatchObject({
      dotNumber: 1000003,
      mainOfficeFormattedAddress: "1 Depot Rd, Springfield, IL",
    });
    expect((await read(sandbox)).body.data.dotNumber).toBe(1000003);
    expect((await read(other)).body.data).toEqual({ carrierName: "Other Fleet", mainOfficeFormattedAddress: "" });
    const { db } = database();
    const [row] = await db.select({ usdotNumber: companies.usdotNumber }).from(companies).where(eq(companies.id, companyId));
    expect(row.usdotNumber).toBe(1000003);
    const audited = await db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, "company.updated")));
    expect(audited.map((event) => Object.keys(event.changes as object).sort())).toEqual([["carrierName", "usdotNumber"], ["mainOfficeAddress"]]);
  });

  it("refuses bad values and fields it does not keep (400 naming them), and a sandbox key's change (403)", async () => {
    expect((await patch(live, { dotNumber: 12345678901 })).status).toBe(400);
    expect((await patch(live, { carrierName: "AB" })).body.message).toMatch(/carrierName/);
    expect((await patch(live, { canadaHosEnabled: true })).body.message).toMatch(/canadaHosEnabled/);
    const refused = await patch(sandbox, { dotNumber: 7 });
    expect(refused.status).toBe(403);
    expect((await read(live)).body.data.dotNumber).toBe(1000003);
    expect((await patch(live, { dotNumber: null })).body.data).not.toHaveProperty("dotNumber");
  });
});
