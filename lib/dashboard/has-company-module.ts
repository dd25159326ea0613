import type { Executor } from "@/db/client";
import type { Module } from "@/db/schema";
import { getCompanySettings } from "./company-settings";

/** Whether the company pays for an optional module (e.g. `Waste`), for pages that depend on one. */
export const hasCompanyModule = async ({ db, companyId, module }: { db: Executor; companyId: number; module: Module }): Promise<boolean> =>
  (await getCompanySettings({ db, companyId })).modules.includes(module);
