import { count } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { companies } from "@/db/schema";
import { issueSetupToken } from "@/lib/access/companies/setup-token";
import { formOf, nextCacheMock, nextHeadersMock, redirectOf } from "../../helpers/server-action-session";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

const { completeSetupAction } = await import("@/app/setup/actions");

// Issue 40: the first-run form posts to this action, with or without the page's script (the e2e
// server is a demo, so a fresh instance's setup is posted here): the fields as the browser sends them.
const database = useTestDatabase();

const fields = {
  companyName: "Acme Haulage",
  timeZone: "Europe/Berlin",
  distanceUnit: "km",
  hosRules: "none",
  adminName: "Ada Admin",
  email: "ada@acme.test",
  password: "correct horse battery",
};

describe("the setup form's action", () => {
  it("answers a field's error in place, then creates the company from the posted form and opens the sign-in page, which confirms it", async () => {
    const token = (await issueSetupToken({ db: database().db }))!;
    // React's hidden fields of a form posted before hydration are not the form's own.
    const posted = { ...fields, $ACTION_KEY: "k0" };
    expect(await completeSetupAction(token, null, formOf({ ...posted, password: "short" }))).toMatchObject({
      ok: false,
      fieldErrors: { password: expect.any(String) },
    });
    expect(await completeSetupAction(token, null, formOf({ ...posted, hosRules: "eu561" }))).toMatchObject({
      ok: false,
      fieldErrors: { hosRules: expect.any(String) },
    });
    expect(await redirectOf(completeSetupAction(token, null, formOf(posted)))).toBe("/login?setup=done");
    expect((await database().db.select({ n: count() }).from(companies))[0].n).toBe(1);
    // The units and the HOS rules the form asked for.
    expect(await database().db.select({ distanceUnit: companies.distanceUnit, hosRules: companies.hosRules }).from(companies)).toEqual([
      { distanceUnit: "km", hosRules: "none" },
    ]);
    expect(await completeSetupAction(token, null, formOf(posted))).toMatchObject({ ok: false, message: expect.stringMatching(/used/) });
  });
});
