import { eq } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { companies } from "@/db/schema";
import { AppError, fromZodError } from "@/lib/errors";
import { companyChangeSchemas, type CompanyEditor } from "./company-input";
import { companyRecordColumns, toCompanyRecord, type CompanyRecord } from "./company-record";

type UpdateCompanyOptions = {
  db?: Database;
  companyId: number;
  /** The fields to change; the others stay. */
  input: unknown;
  /** An admin may change name, time zone and units; the operator also plan and modules. */
  editor: CompanyEditor;
};

/** The one way a company's settings change: validated for its editor, written in one statement. */
export const updateCompany = async ({ db = getDb(), companyId, input, editor }: UpdateCompanyOptions): Promise<CompanyRecord> => {
  const parsed = companyChangeSchemas[editor].safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error, "company settings");
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(companies).set(changes).where(eq(companies.id, companyId)).returning(companyRecordColumns)
      : await db.select(companyRecordColumns).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError("not_found", `No company with id ${companyId}.`);
  return toCompanyRecord(row);
};
