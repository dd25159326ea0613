import { cache } from "react";
import { getDb } from "@/db/client";
import { getCompanySettings } from "@/lib/dashboard/view/company-settings";

/** The company's settings, read once per request however many server components need them. */
export const companySettings = cache((companyId: number) => getCompanySettings({ db: getDb(), companyId }));
