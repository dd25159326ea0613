import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { actAs, formOf, nextCacheMock, nextHeadersMock, redirectOf } from "../../helpers/server-action-session";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

const { createDriverAction, setDriverSignInAction } = await import("@/app/(dashboard)/drivers/actions");
const { createVehicleAction } = await import("@/app/(dashboard)/vehicles/actions");
const { saveTagAction } = await import("@/app/(dashboard)/settings/tags/actions");

/**
 * A page form posted without the script is answered by the page rendered again: what was typed
 * must come back with the errors (defineAction's `echo`), or the person types it all again.
 */
const database = useTestDatabase();

beforeAll(async () => {
  await seedTestCompanies({ db: database().db, liveVehicles: 1 });
  const [admin] = await database().db.select().from(users).where(eq(users.email, "admin@demo.test"));
  await actAs(admin);
});

describe("a refused page form answers what was typed", () => {
  it("a driver with a bad username: its error, and every field as sent", async () => {
    const answer = await createDriverAction(null, formOf({ name: "Ana Typed", username: "ana smith", notes: "night shift", eldExempt: "on" }));
    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: { username: "letters, digits and . _ @ + - only" },
      values: { name: ["Ana Typed"], username: ["ana smith"], notes: ["night shift"], eldExempt: ["on"] },
    });
  });

  it("a vehicle keeps every tag chosen in a multiple select", async () => {
    const form = formOf({ name: "Truck typed", vin: "not a vin" });
    form.append("tagIds", "1");
    form.append("tagIds", "2");
    const answer = await createVehicleAction(null, form);
    expect(answer).toMatchObject({ ok: false, values: { name: ["Truck typed"], vin: ["not a vin"], tagIds: ["1", "2"] } });
    expect(answer).toHaveProperty("fieldErrors.vin");
  });

  it("a tag without a name; and a saved tag goes to the page, not back to the form", async () => {
    expect(await saveTagAction(null, null, formOf({ name: "" }))).toMatchObject({ ok: false, values: { name: [""] } });
    expect(await redirectOf(saveTagAction(null, null, formOf({ name: "Echo tag" })))).toBe("/settings/tags?saved=1");
  });

  it("a form with a secret does not echo it", async () => {
    const answer = await setDriverSignInAction(2_147_483_000, null, formOf({ secret: "12" }));
    expect(answer).toMatchObject({ ok: false });
    expect(answer).not.toHaveProperty("values");
  });
});
