import { parseArgs } from "node:util";
import type { Database } from "@/db/client";
import { createCompany } from "@/lib/access/companies/create-company";
import { listCompanies } from "@/lib/access/companies/list-companies";
import { setUserPassword } from "@/lib/access/companies/set-user-password";
import { updateCompany } from "@/lib/access/companies/update-company";
import { backfillEldEvents } from "@/lib/hos/eld-events/backfill-eld-events";
import { operatorActor } from "@/lib/platform/audit";
import { isAppError } from "@/lib/platform/errors";

export const FLEET_USAGE = `Usage: npm run fleet -- <command> [options]

  company list
  company create --name NAME [--plan Free|Standard|Professional|Enterprise] [--modules Waste]
                 [--time-zone ZONE] [--distance-unit km|mi]
                 [--admin-email EMAIL --admin-name NAME]   (the admin's password is read from stdin)
  company update --id ID [--name NAME] [--plan TIER] [--modules Waste|none] [--time-zone ZONE] [--distance-unit km|mi]
  user reset-password --email EMAIL                         (the new password is read from stdin)
  eld backfill                                              (ELD records of the HOS history from before migration 0046; run once)

Passwords come on stdin (at least 12 characters), never as arguments, so they stay out of shell history and ps.`;

export type FleetCommandIo = {
  db: Database;
  /** The whole of standard input (a password), read only by commands that need it. */
  readStdin: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
};

const OPTIONS = {
  id: { type: "string" },
  name: { type: "string" },
  plan: { type: "string" },
  modules: { type: "string" },
  "time-zone": { type: "string" },
  "distance-unit": { type: "string" },
  "admin-email": { type: "string" },
  "admin-name": { type: "string" },
  email: { type: "string" },
} as const;

/** `--modules Waste,Other` (or `none`) as a list; absent stays absent. */
const moduleList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value === "none"
      ? []
      : value
          .split(",")
          .map((module) => module.trim())
          .filter(Boolean);

/** The password on stdin, without the newline `echo` or a terminal adds. */
const readPassword = async (io: FleetCommandIo) => (await io.readStdin()).replace(/\r?\n$/, "");

/** Runs one operator command; returns the process exit code (0 done, 1 refused, 2 usage). */
export const runFleetCommand = async (argv: string[], io: FleetCommandIo): Promise<number> => {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${FLEET_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals.join(" ");
  const changes = {
    name: values.name,
    planTier: values.plan,
    modules: moduleList(values.modules),
    timeZone: values["time-zone"],
    distanceUnit: values["distance-unit"],
  };
  try {
    switch (command) {
      case "company list":
        for (const company of await listCompanies({ db: io.db })) {
          io.out([company.id, company.name, company.planTier, company.modules.join(",") || "-", company.timeZone, company.distanceUnit].join("\t"));
        }
        return 0;
      case "company create": {
        const adminEmail = values["admin-email"];
        const admin = adminEmail ? { email: adminEmail, name: values["admin-name"] ?? adminEmail, password: await readPassword(io) } : undefined;
        const input = { ...changes, name: changes.name ?? "", timeZone: changes.timeZone ?? "America/Chicago", distanceUnit: changes.distanceUnit ?? "mi" };
        const created = await createCompany({ db: io.db, input, admin, actor: operatorActor("npm run fleet") });
        io.out(`created company ${created.id} (${created.name})${admin ? `, admin ${admin.email.toLowerCase()}` : ""}`);
        return 0;
      }
      case "company update": {
        const companyId = Number(values.id);
        if (!Number.isInteger(companyId) || companyId < 1) throw new UsageError("company update needs --id (see company list).");
        const input = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        const updated = await updateCompany({ db: io.db, companyId, input, editor: "operator", actor: operatorActor("npm run fleet") });
        io.out(
          `updated company ${updated.id} (${updated.name}, ${updated.planTier}, modules ` +
            `${updated.modules.join(",") || "none"}, ${updated.timeZone}, ${updated.distanceUnit})`,
        );
        return 0;
      }
      case "user reset-password": {
        if (!values.email) throw new UsageError("user reset-password needs --email.");
        await setUserPassword({ db: io.db, email: values.email, password: await readPassword(io), actor: operatorActor("npm run fleet") });
        io.out(`password set for ${values.email.toLowerCase()}`);
        return 0;
      }
      case "eld backfill":
        io.out(`recorded ${await backfillEldEvents({ db: io.db })} ELD events`);
        return 0;
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${FLEET_USAGE}`);
      return 2;
    }
    if (!isAppError(error)) throw error;
    io.err(error.message);
    return 1;
  }
};

class UsageError extends Error {}
