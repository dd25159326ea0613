import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { drivers, users } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { getCompanySettings } from "@/lib/dashboard/view/company-settings";
import { createDriver } from "@/lib/fleet/drivers/save-driver";
import { listAuditEvents, operatorActor } from "@/lib/platform/audit";
import { actAs, nextCacheMock, nextHeadersMock, type ActingUser } from "../../helpers/server-action-session";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

const { updateCompanySettingsAction } = await import("@/app/(dashboard)/settings/company/actions");

const database = useTestDatabase();
const actor = operatorActor("test");
let companyId = 0;
const people = {} as Record<"admin" | "manager", ActingUser>;

const driverRules = async () =>
  (await database().db.select({ rules: drivers.hosRuleset }).from(drivers).where(eq(drivers.companyId, companyId))).map((row) => row.rules);

beforeAll(async () => {
  const { db } = database();
  ({ id: companyId } = await createCompany({
    db,
    actor,
    input: { name: "Berlin Haulage", timeZone: "Europe/Berlin", distanceUnit: "km" },
    admin: { name: "Ada Admin", email: "ada@berlin.test", password: "a long enough password" },
  }));
  await db.insert(users).values({ companyId, name: "Max Manager", email: "max@berlin.test", passwordHash: "x", role: "manager" });
  for (const row of await db.select().from(users).where(eq(users.companyId, companyId))) people[row.role as "admin" | "manager"] = row;
  for (const username of ["anna", "ben"]) await createDriver({ db, companyId, dataset: "live", actor, input: { name: username, username } });
});

describe("the company's HOS rules (Company settings)", () => {
  it("start as FMCSA 70-hour/8-day, the rules of the company's new drivers", async () => {
    expect(await getCompanySettings({ db: database().db, companyId })).toMatchObject({ distanceUnit: "km", hosRules: "us70_8" });
    expect(await driverRules()).toEqual(["us70_8", "us70_8"]);
  });

  it("are an admin's to change: a manager is refused and the refusal recorded", async () => {
    await actAs(people.manager);
    expect(await updateCompanySettingsAction({ hosRules: "none" })).toMatchObject({ ok: false, message: expect.stringMatching(/role may not/) });
    expect((await getCompanySettings({ db: database().db, companyId })).hosRules).toBe("us70_8");
    const { events } = await listAuditEvents({ db: database().db, companyId, filters: { action: "company.denied" } });
    expect(events.map((event) => event.actorName)).toEqual(["Max Manager"]);
  });

  it("move every driver to the new cycle, audited; none keeps their cycle and says HOS is not tracked", async () => {
    await actAs(people.admin);
    expect(await updateCompanySettingsAction({ hosRules: "us60_7" })).toMatchObject({ ok: true });
    expect(await driverRules()).toEqual(["us60_7", "us60_7"]);
    await createDriver({ db: database().db, companyId, dataset: "live", actor, input: { name: "Cleo", username: "cleo" } });
    expect(await driverRules()).toEqual(["us60_7", "us60_7", "us60_7"]);

    expect(await updateCompanySettingsAction({ hosRules: "none" })).toMatchObject({ ok: true });
    expect((await getCompanySettings({ db: database().db, companyId })).hosRules).toBe("none");
    expect(await driverRules()).toEqual(["us60_7", "us60_7", "us60_7"]);

    const { events } = await listAuditEvents({ db: database().db, companyId, filters: { action: "company.updated" } });
    expect(events.map((event) => [event.actorName, event.changes])).toEqual([
      ["Ada Admin", { hosRules: { before: "us60_7", after: "none" } }],
      ["Ada Admin", { hosRules: { before: "us70_8", after: "us60_7" } }],
    ]);
  });

  it("refuse rules the service does not know, naming the field", async () => {
    await actAs(people.admin);
    expect(await updateCompanySettingsAction({ hosRules: "eu561" })).toMatchObject({ ok: false, message: expect.stringContaining("hosRules") });
    expect((await getCompanySettings({ db: database().db, companyId })).hosRules).toBe("none");
  });
});
