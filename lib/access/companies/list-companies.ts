import { asc, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { companies } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { companyRecordColumns, toCompanyRecord, type CompanyRecord } from "./company-record";

/** Every company this service hosts, oldest first (for the operator). */
export const listCompanies = async ({ db = getDb() }: { db?: Executor } = {}): Promise<CompanyRecord[]> =>
  (await db.select(companyRecordColumns).from(companies).orderBy(asc(companies.id))).map(toCompanyRecord);

/** One company's settings (the settings page). */
export const getCompany = async ({ db = getDb(), companyId }: { db?: Executor; companyId: number }): Promise<CompanyRecord> => {
  const [row] = await db.select(companyRecordColumns).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError("not_found", `No company with id ${companyId}.`);
  return toCompanyRecord(row);
};
