import { z } from "zod";
import { complianceSettingsInputSchema, getComplianceSettings, updateComplianceSettings } from "@/lib/access/companies/compliance-settings";
import { defineFleetEndpoint } from "../define-fleet-endpoint";

const complianceSettingsSchema = z
  .object({
    carrierName: z.string().meta({ description: "The carrier's legal name on ELD records (the company's name until one is set)." }),
    dotNumber: z.number().int().optional().meta({ description: "The carrier's USDOT number; absent until set." }),
    mainOfficeFormattedAddress: z.string().meta({ description: "The principal place of business; empty until set." }),
  })
  .meta({
    id: "ComplianceSettings",
    description: "Samsara's compliance settings object, with the fields this service keeps (its driver-app flags are not kept, so they are absent).",
  });

const complianceSettingsResponse = z.object({ data: complianceSettingsSchema }).meta({ id: "ComplianceSettingsResponse" });

/** GET /fleet/settings/compliance: the carrier facts on ELD records (Samsara's settings.getComplianceSettings). */
export const getComplianceSettingsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/settings/compliance",
  scope: "compliance:read",
  summary: "The carrier's compliance settings",
  description: "Carrier name, USDOT number and main office address, as ELD output files carry them. The same for a live and a sandbox key.",
  response: complianceSettingsResponse,
  run: async ({ db, tenant }) => ({ data: await getComplianceSettings({ db, companyId: tenant.companyId }) }),
});

/** PATCH /fleet/settings/compliance (Samsara's settings.patchComplianceSettings): audited as a company update. */
export const patchComplianceSettingsEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/fleet/settings/compliance",
  scope: "compliance:write",
  summary: "Update the carrier's compliance settings",
  description: "Changes only the fields sent. A sandbox key is refused (403): the settings are the live carrier's.",
  body: complianceSettingsInputSchema,
  response: complianceSettingsResponse,
  run: async ({ db, tenant, body, actor }) => ({ data: await updateComplianceSettings({ db, tenant, input: body, actor }) }),
});
