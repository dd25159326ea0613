import { describe, expect, it } from "vitest";
import { operatorActor } from "@/lib/platform/audit";
import { createCompany } from "@/lib/access/companies/create-company";
import { getCompany } from "@/lib/access/companies/list-companies";
import { updateCompany } from "@/lib/access/companies/update-company";
import { listAuditEvents, userActor } from "@/lib/platform/audit";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const actor = userActor({ user: { id: 1, name: "Ada Admin" }, ip: "203.0.113.7", requestId: "req-1" });

describe("company settings (updateCompany)", () => {
  it("lets an admin change name, time zone and units, and nothing of the plan", async () => {
    const { db } = database();
    const { id } = await createCompany({
      db,
      actor: operatorActor("test"),
      input: { name: "Acme", timeZone: "America/Chicago", distanceUnit: "mi", planTier: "Standard" },
    });
    expect(
      await updateCompany({ db, companyId: id, input: { name: "  Acme Haulage ", timeZone: "Europe/Lisbon", distanceUnit: "km" }, editor: "admin", actor }),
    ).toMatchObject({ name: "Acme Haulage", timeZone: "Europe/Lisbon", distanceUnit: "km" });
    await expect(updateCompany({ db, companyId: id, input: { planTier: "Enterprise" }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(updateCompany({ db, companyId: id, input: { timeZone: "Europe/Atlantis" }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("timeZone"),
    });
    await expect(updateCompany({ db, companyId: id, input: { distanceUnit: "furlongs" }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(updateCompany({ db, companyId: id, input: { name: " " }, editor: "admin", actor })).rejects.toMatchObject({ code: "bad_request" });
    expect(await getCompany({ db, companyId: id })).toMatchObject({
      name: "Acme Haulage",
      planTier: "Standard",
      modules: [],
      timeZone: "Europe/Lisbon",
      distanceUnit: "km",
    });
  });

  it("lets an admin set the idle minimum and the speeding threshold (m/s), within bounds", async () => {
    const { db } = database();
    const { id } = await createCompany({ db, actor: operatorActor("test"), input: { name: "Delta", timeZone: "UTC", distanceUnit: "km" } });
    expect(await getCompany({ db, companyId: id })).toMatchObject({ idleMinimumMinutes: 5 });
    expect(await updateCompany({ db, companyId: id, input: { idleMinimumMinutes: "10", speedingThreshold: 25 }, editor: "admin", actor })).toMatchObject({
      idleMinimumMinutes: 10,
      speedingThreshold: 25,
    });
    await expect(updateCompany({ db, companyId: id, input: { idleMinimumMinutes: 1 }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("idleMinimumMinutes"),
    });
    await expect(updateCompany({ db, companyId: id, input: { speedingThreshold: 200 }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("speedingThreshold"),
    });
  });

  it("lets an admin turn modules on and off and set the home town from the gazetteer, each change in the audit log", async () => {
    const { db } = database();
    const { id } = await createCompany({ db, actor: operatorActor("test"), input: { name: "Gamma", timeZone: "Europe/Berlin", distanceUnit: "km" } });
    expect(await updateCompany({ db, companyId: id, input: { modules: ["Waste"], homeCity: "Berlin, DE" }, editor: "admin", actor })).toMatchObject({
      modules: ["Waste"],
      homeName: "Berlin, DE",
      homeLatitude: expect.closeTo(52.52, 1),
      homeLongitude: expect.closeTo(13.41, 1),
    });
    await expect(updateCompany({ db, companyId: id, input: { homeCity: "Atlantis, ZZ" }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("homeCity"),
    });
    await expect(updateCompany({ db, companyId: id, input: { modules: ["Mining"] }, editor: "admin", actor })).rejects.toMatchObject({ code: "bad_request" });
    expect(await updateCompany({ db, companyId: id, input: { modules: [], homeCity: "" }, editor: "admin", actor })).toMatchObject({
      modules: [],
      homeName: null,
    });
    const { events } = await listAuditEvents({ db, companyId: id, filters: { action: "company.updated" }, limit: 10 });
    expect(events.map((event) => Object.keys(event.changes ?? {}).sort())).toEqual([
      ["homeLatitude", "homeLongitude", "homeName", "modules"],
      ["homeLatitude", "homeLongitude", "homeName", "modules"],
    ]);
  });

  it("lets the operator change plan and modules, and answers 404 for an unknown company", async () => {
    const { db } = database();
    const { id } = await createCompany({ db, actor: operatorActor("test"), input: { name: "Beta", timeZone: "UTC", distanceUnit: "km" } });
    expect(await updateCompany({ db, companyId: id, input: { planTier: "Enterprise", modules: ["Waste", "Waste"] }, editor: "operator", actor })).toMatchObject(
      { planTier: "Enterprise", modules: ["Waste"] },
    );
    await expect(updateCompany({ db, companyId: id, input: { modules: ["Mining"] }, editor: "operator", actor })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(updateCompany({ db, companyId: 9_999, input: { name: "Ghost" }, editor: "operator", actor })).rejects.toMatchObject({ code: "not_found" });
  });

  it("records each change in the company's audit log with who made it, and nothing for a change that changes nothing", async () => {
    const { db } = database();
    const { id } = await createCompany({ db, actor: operatorActor("test"), input: { name: "Gamma", timeZone: "UTC", distanceUnit: "km" } });
    await updateCompany({ db, companyId: id, input: { name: "Gamma Freight", timeZone: "UTC" }, editor: "admin", actor });
    await updateCompany({ db, companyId: id, input: { name: "Gamma Freight" }, editor: "admin", actor });
    await expect(updateCompany({ db, companyId: id, input: { timeZone: "Nowhere/Else" }, editor: "admin", actor })).rejects.toMatchObject({
      code: "bad_request",
    });
    const { events } = await listAuditEvents({ db, companyId: id, filters: { action: "company.updated" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "company.updated",
      actorType: "user",
      actorName: "Ada Admin",
      actorIp: "203.0.113.7",
      targetId: String(id),
      changes: { name: { before: "Gamma", after: "Gamma Freight" } },
    });
  });
});
