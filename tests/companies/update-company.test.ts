import { describe, expect, it } from "vitest";
import { createCompany } from "@/lib/companies/create-company";
import { getCompany } from "@/lib/companies/list-companies";
import { updateCompany } from "@/lib/companies/update-company";
import { useTestDatabase } from "../helpers/test-database";

const database = useTestDatabase();

describe("company settings (updateCompany)", () => {
  it("lets an admin change name, time zone and units, and nothing else", async () => {
    const { db } = database();
    const { id } = await createCompany({ db, input: { name: "Acme", timeZone: "America/Chicago", distanceUnit: "mi", planTier: "Standard" } });
    expect(await updateCompany({ db, companyId: id, input: { name: "  Acme Haulage ", timeZone: "Europe/Lisbon", distanceUnit: "km" }, editor: "admin" })).toMatchObject({ name: "Acme Haulage", timeZone: "Europe/Lisbon", distanceUnit: "km" });
    await expect(updateCompany({ db, companyId: id, input: { planTier: "Enterprise" }, editor: "admin" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(updateCompany({ db, companyId: id, input: { modules: ["Waste"] }, editor: "admin" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(updateCompany({ db, companyId: id, input: { timeZone: "Europe/Atlantis" }, editor: "admin" })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("timeZone") });
    await expect(updateCompany({ db, companyId: id, input: { distanceUnit: "furlongs" }, editor: "admin" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(updateCompany({ db, companyId: id, input: { name: " " }, editor: "admin" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await getCompany({ db, companyId: id })).toMatchObject({ name: "Acme Haulage", planTier: "Standard", modules: [], timeZone: "Europe/Lisbon", distanceUnit: "km" });
  });

  it("lets the operator change plan and modules, and answers 404 for an unknown company", async () => {
    const { db } = database();
    const { id } = await createCompany({ db, input: { name: "Beta", timeZone: "UTC", distanceUnit: "km" } });
    expect(await updateCompany({ db, companyId: id, input: { planTier: "Enterprise", modules: ["Waste", "Waste"] }, editor: "operator" })).toMatchObject({ planTier: "Enterprise", modules: ["Waste"] });
    await expect(updateCompany({ db, companyId: id, input: { modules: ["Mining"] }, editor: "operator" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(updateCompany({ db, companyId: 9_999, input: { name: "Ghost" }, editor: "operator" })).rejects.toMatchObject({ code: "not_found" });
  });
});
