import type { CompanyHosRules } from "@/db/schema";

/** The HOS rules a company may keep, as Company settings and the first-run setup offer them. */
export const HOS_RULES_CHOICES: { value: CompanyHosRules; label: string }[] = [
  { value: "us70_8", label: "FMCSA 70-hour/8-day" },
  { value: "us60_7", label: "FMCSA 60-hour/7-day" },
  { value: "none", label: "None (HOS not tracked)" },
];

export const HOS_RULES_HINT = "US drivers keep FMCSA hours of service. Choose none for a fleet that does not: the HOS pages and the logbook then say so.";
