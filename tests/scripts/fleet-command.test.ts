import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, users } from "@/db/schema";
import { verifyPassword } from "@/lib/platform/credentials/password";
import { runFleetCommand } from "@/scripts/fleet-command";
import { useTestDatabase } from "../helpers/test-database";

const database = useTestDatabase();

/** Runs one command as the CLI would, with `stdin` as standard input; returns its exit code and output. */
const fleet = async (args: string[], stdin = "") => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFleetCommand(args, { db: database().db, readStdin: async () => stdin, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
};

describe("npm run fleet", () => {
  it("creates a company with its admin, lists it, and updates its plan, modules and zone", async () => {
    const created = await fleet(
      [
        "company",
        "create",
        "--name",
        "Acme Haulage",
        "--plan",
        "Professional",
        "--modules",
        "Waste",
        "--time-zone",
        "Europe/Berlin",
        "--distance-unit",
        "km",
        "--admin-email",
        "Boss@Acme.test",
        "--admin-name",
        "Bo Boss",
      ],
      "a long password 1\n",
    );
    expect(created).toMatchObject({ code: 0, out: expect.stringMatching(/^created company \d+ \(Acme Haulage\), admin boss@acme.test$/) });
    const [admin] = await database().db.select().from(users).where(eq(users.email, "boss@acme.test"));
    expect(admin.role).toBe("admin");
    expect(await verifyPassword("a long password 1", admin.passwordHash)).toBe(true);
    const id = created.out.match(/company (\d+)/)![1];
    expect((await fleet(["company", "list"])).out).toBe(`${id}\tAcme Haulage\tProfessional\tWaste\tEurope/Berlin\tkm`);
    expect(await fleet(["company", "update", "--id", id, "--plan", "Enterprise", "--modules", "none", "--time-zone", "America/Denver"])).toMatchObject({
      code: 0,
    });
    expect((await fleet(["company", "list"])).out).toBe(`${id}\tAcme Haulage\tEnterprise\t-\tAmerica/Denver\tkm`);
  });

  it("refuses bad input with exit code 1 or 2 and changes nothing", async () => {
    expect(await fleet(["company", "update", "--id", "1", "--time-zone", "Mars/Olympus"])).toMatchObject({
      code: 1,
      err: expect.stringContaining("IANA time zone"),
    });
    expect(await fleet(["company", "update", "--id", "999", "--name", "Ghost"])).toMatchObject({ code: 1, err: "No company with id 999." });
    expect(await fleet(["company", "create", "--name", "Short", "--admin-email", "x@short.test"], "short\n")).toMatchObject({
      code: 1,
      err: expect.stringContaining("At least 12 characters"),
    });
    expect(await fleet(["company", "create", "--name", "Dup", "--admin-email", "boss@acme.test"], "another long password\n")).toMatchObject({
      code: 1,
      err: expect.stringContaining("already exists"),
    });
    expect(await fleet(["company", "delete"])).toMatchObject({ code: 2, err: expect.stringContaining("Usage") });
    expect(await fleet(["company", "list", "--colour"])).toMatchObject({ code: 2 });
    expect((await fleet(["company", "list"])).out.split("\n")).toHaveLength(1);
  });

  it("sets a password read from stdin, and refuses an unknown user", async () => {
    expect(await fleet(["user", "reset-password", "--email", "BOSS@acme.test"], "a brand new password\n")).toMatchObject({ code: 0 });
    const [admin] = await database().db.select().from(users).where(eq(users.email, "boss@acme.test"));
    expect(await verifyPassword("a brand new password", admin.passwordHash)).toBe(true);
    // The operator's creation and reset are in the company's audit log, the password nowhere.
    const events = await database().db.select().from(auditEvents).where(eq(auditEvents.companyId, admin.companyId)).orderBy(auditEvents.id);
    expect(events.map(({ action, actorType, actorName, targetType }) => ({ action, actorType, actorName, targetType }))).toEqual([
      { action: "company.created", actorType: "operator", actorName: "npm run fleet", targetType: "company" },
      { action: "company.updated", actorType: "operator", actorName: "npm run fleet", targetType: "company" },
      { action: "user.password_reset", actorType: "operator", actorName: "npm run fleet", targetType: "user" },
    ]);
    expect(events[2].targetId).toBe(String(admin.id));
    expect(JSON.stringify(events)).not.toContain("a brand new password");
    expect(await fleet(["user", "reset-password", "--email", "nobody@acme.test"], "a brand new password\n")).toMatchObject({
      code: 1,
      err: expect.stringContaining("No user"),
    });
  });

  it("runs as a real command on a PGlite folder", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleet-cli-"));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
      const run = (args: string[], input = "") =>
        spawnSync("node_modules/.bin/tsx", ["scripts/fleet.ts", ...args], { env, input, encoding: "utf8", timeout: 60_000 });
      const created = run(["company", "create", "--name", "Spawned Fleet", "--admin-email", "ops@spawned.test"], "a long password 2\n");
      expect(created.stderr).toBe("");
      expect(created.status).toBe(0);
      expect(run(["company", "list"]).stdout).toMatch(/^1\tSpawned Fleet\tStandard\t-\tAmerica\/Chicago\tmi\n$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
