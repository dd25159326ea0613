"use server";

// A server action is a public endpoint: it goes through defineAction, which checks the role whatever
// page shows it (a refusal is recorded as `company.denied`).
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { updateCompany } from "@/lib/access/companies/update-company";

/** Saves name, time zone and units through the one domain function (which validates them). */
export const updateCompanySettingsAction = defineAction(
  // Every page shows times in the company's zone.
  {
    action: "editCompanySettings",
    denied: { action: "company.denied", target: "company", id: (_raw, user) => user.companyId },
    input: z.unknown(),
    revalidate: [{ path: "/", type: "layout" }],
  },
  async ({ input, tenant: { companyId }, actor }) => {
    await updateCompany({ companyId, input, editor: "admin", actor });
  },
);
