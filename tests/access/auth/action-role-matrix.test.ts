import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ROLES, users, type Role } from "@/db/schema";
import { ACTION_REGISTRY, type ActionEntry } from "@/lib/access/actions";
import { listAuditEvents } from "@/lib/platform/audit";
import { canDo } from "@/lib/access/auth/role-policy";
import { actAs, nextCacheMock, nextHeadersMock, type ActingUser } from "../../helpers/server-action-session";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { ACTION_SAMPLES } from "./action-samples";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

/**
 * The role matrix generated from the actions themselves, as the API's tests are from FLEET_ENDPOINTS:
 * every export of every app/**\/actions.ts must be an action of the contract (app/_server/define-action.ts),
 * found in ACTION_REGISTRY with its policy action; each is then called as a crafted request would,
 * with each role's session: a role the policy denies is refused and the refusal recorded as the
 * action's `*.denied` event; an allowed role gets past the role check (its sample input changes nothing).
 */
const APP = resolve(__dirname, "../../../app");
const files = readdirSync(APP, { recursive: true, encoding: "utf8" }).filter((file) => file === "actions.ts" || file.endsWith("/actions.ts"));
type Exported = { file: string; name: string; call: (...args: unknown[]) => Promise<unknown>; entry: ActionEntry | undefined };
const exported: Exported[] = [];
for (const file of files.sort()) {
  const module = (await import(resolve(APP, file))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === "function") exported.push({ file, name, call: value as Exported["call"], entry: ACTION_REGISTRY.get(value as () => unknown) });
  }
}

const database = useTestDatabase();
const people = {} as Record<Role, ActingUser>;
let demo = 0;

beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
  const rows = await database()
    .db.select()
    .from(users)
    .where(inArray(users.email, ["admin@demo.test", "manager@demo.test", "dispatcher@demo.test"]));
  for (const row of rows) people[row.role] = row;
});

/** What the call answered: a role refusal, the drivers' or users' sign-in, or anything else (the role check passed). */
const outcomeOf = async (call: () => Promise<unknown>) => {
  try {
    const result = (await call()) as { ok?: boolean; message?: string } | undefined;
    return result?.ok === false && /role may not/.test(result.message ?? "") ? "refused" : "passed";
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? "");
    if (digest.includes(";/forbidden;")) return "refused";
    if (digest.includes(";/logbook/login;")) return "driver sign-in";
    if (digest.startsWith("NEXT_REDIRECT") || /role may not/.test(String(error))) return digest.startsWith("NEXT_REDIRECT") ? "passed" : "refused";
    return "passed";
  }
};

/** The user's recorded refusals of one kind, newest first. */
const deniedEvents = async (action: string, userId: number) =>
  (await listAuditEvents({ db: database().db, companyId: demo, filters: { action: action as never }, limit: 500 })).events.filter(
    (event) => event.actorId === String(userId),
  );

describe("every server action goes through defineAction", () => {
  it("finds the actions", () => expect(exported.length).toBeGreaterThan(40));
  for (const { file, name, entry } of exported) {
    it(`${file} ${name} is defined with the contract and has its test row`, () => {
      expect(entry, `${name} is not defined with defineAction`).toBeDefined();
      expect(ACTION_SAMPLES[name], `${name} has no row in action-samples.ts`).toBeDefined();
    });
  }
});

describe("the generated role matrix", () => {
  for (const { name, call, entry } of exported) {
    if (!entry || entry.session === "none") continue;
    for (const role of ROLES) {
      if (entry.session === "driver") {
        it(`${role} × ${name}: a user's session goes to the drivers' sign-in`, async () => {
          await actAs(people[role], "198.51.100.77");
          expect(await outcomeOf(() => call(...ACTION_SAMPLES[name]()))).toBe("driver sign-in");
        });
        continue;
      }
      if (!entry.action || !entry.denied) continue;
      const { action, denied } = entry;
      const allowed = canDo(role, action);
      it(`${role} × ${name} (${action}): ${allowed ? "passes the role check" : "refused and recorded"}`, async () => {
        const user = people[role];
        await actAs(user, "198.51.100.77");
        const before = (await deniedEvents(denied.action, user.id)).length;
        expect(await outcomeOf(() => call(...ACTION_SAMPLES[name]()))).toBe(allowed ? "passed" : "refused");
        const after = await deniedEvents(denied.action, user.id);
        expect(after.length).toBe(before + (allowed ? 0 : 1));
        if (!allowed) expect(after[0]).toMatchObject({ actorIp: "198.51.100.77", reason: `The ${role} role may not ${action}.` });
      });
    }
  }

  it("a call without a session is refused by every signed-in action", async () => {
    await actAs(null);
    for (const { name, call, entry } of exported) {
      if (!entry || entry.session !== "user") continue;
      const answer = await call(...ACTION_SAMPLES[name]()).catch((error: { digest?: string }) => ({ ok: false, message: String(error.digest) }));
      expect(answer, name).toMatchObject({ ok: false, message: expect.stringMatching(/Sign in again|;\/login;|Give a numeric|Give the id/) });
    }
  });
});
