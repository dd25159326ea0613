import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies, type Module } from "@/db/schema";

/** Whether the company pays for an optional module (e.g. `Waste`), for pages that depend on one. */
export const hasCompanyModule = async ({ db, companyId, module }: { db: Executor; companyId: number; module: Module }): Promise<boolean> => {
  const [company] = await db.select({ modules: companies.modules }).from(companies).where(eq(companies.id, companyId));
  return company?.modules.includes(module) ?? false;
};
