import { getDb, type Database, type Executor } from "@/db/client";
import { companies, users } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { hashPassword } from "@/lib/platform/credentials/password";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { adminInputSchema, companyColumnsOf, companyInputSchema, type AdminInput, type CompanyInput } from "./company-input";
import { companyRecordColumns, toCompanyRecord, type CompanyRecord } from "./company-record";
import { findUserIdByEmail } from "./find-user";

type CreateCompanyOptions = {
  db?: Database;
  /** Validated here (companyInputSchema): the command line passes what the operator typed. */
  input: CompanyInput | Record<string, unknown>;
  /** The company's first admin, validated here too (adminInputSchema). */
  admin?: AdminInput;
  /** Who creates it: the operator's command line or the first-run setup (`company.created` in the new company's log). */
  actor: AuditActor;
};

/** Validates and inserts a company (and its first admin) with `db`, which the caller wraps in a transaction. */
export const insertCompany = async ({ db, input, admin, actor }: Omit<CreateCompanyOptions, "db"> & { db: Executor }): Promise<CompanyRecord> => {
  const company = await companyInputSchema.safeParseAsync(input);
  if (!company.success) throw fromZodError(company.error, "company");
  const firstAdmin = admin === undefined ? undefined : adminInputSchema.safeParse(admin);
  if (firstAdmin && !firstAdmin.success) throw fromZodError(firstAdmin.error, "admin");
  if (firstAdmin && (await findUserIdByEmail({ db, email: firstAdmin.data.email })) !== undefined) {
    throw new AppError("conflict", `A user with the e-mail ${firstAdmin.data.email} already exists.`);
  }
  const [row] = await db.insert(companies).values(companyColumnsOf(company.data)).returning(companyRecordColumns);
  if (firstAdmin) {
    const { name, email, password } = firstAdmin.data;
    await db.insert(users).values({ companyId: row.id, name, email, passwordHash: await hashPassword(password), role: "admin" });
  }
  const record = toCompanyRecord(row);
  const { id: _id, createdAt: _createdAt, ...fields } = record;
  await recordAuditEvent({
    db,
    companyId: row.id,
    actor,
    action: "company.created",
    target: { type: "company", id: row.id },
    changes: changedFields({ before: null, after: { ...fields, adminEmail: firstAdmin?.data.email } }),
  });
  return record;
};

/** Creates a company (and its first admin) in one transaction. */
export const createCompany = ({ db = getDb(), ...options }: CreateCompanyOptions): Promise<CompanyRecord> =>
  db.transaction((tx) => insertCompany({ db: tx, ...options }));
