import { z } from "zod";
import type { Database } from "@/db/client";
import type { AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import type { Tenant } from "@/lib/platform/tenant";
import { carrierNameSchema, usdotNumberSchema } from "./company-input";
import { getCompany } from "./list-companies";
import { updateCompany } from "./update-company";
import type { CompanyRecord } from "./company-record";

/** The compliance settings as Samsara's SDK reads them (SettingsComplianceResponseObjectResponseBody): the ones this service keeps. */
export type ComplianceSettings = { carrierName: string; dotNumber?: number; mainOfficeFormattedAddress: string };

/** What `PATCH /fleet/settings/compliance` may change: Samsara's fields this service keeps (a flag it does not keep is a 400 naming it). */
export const complianceSettingsInputSchema = z
  .strictObject({
    carrierName: carrierNameSchema.meta({ description: "The carrier's legal name on ELD records, 4 to 120 characters; empty: the company's name." }),
    dotNumber: usdotNumberSchema.meta({ description: "The carrier's USDOT number (1 to 9 digits); null clears it." }),
    mainOfficeFormattedAddress: z.string().trim().max(255).meta({ description: "The principal place of business." }),
  })
  .partial()
  .meta({ id: "ComplianceSettingsInput", description: "Samsara's compliance settings this service keeps; send only the fields to change." });

export type ComplianceSettingsInput = z.output<typeof complianceSettingsInputSchema>;

const present = (company: CompanyRecord): ComplianceSettings => ({
  carrierName: company.carrierName || company.name,
  ...(company.usdotNumber !== null ? { dotNumber: company.usdotNumber } : {}),
  mainOfficeFormattedAddress: company.mainOfficeAddress,
});

/** The company's compliance settings (the same for its live and sandbox data: they are the carrier's). */
export const getComplianceSettings = async ({ db, companyId }: Pick<Tenant, "companyId"> & { db?: Database }) => present(await getCompany({ db, companyId }));

/**
 * Changes the carrier's facts through the one company update (validated, audited as `company.updated`).
 * A sandbox key may read them but not change them: they are the live carrier's, shared by both datasets.
 */
export const updateComplianceSettings = async ({
  db,
  tenant,
  input,
  actor,
}: {
  db?: Database;
  tenant: Tenant;
  input: ComplianceSettingsInput;
  actor: AuditActor;
}): Promise<ComplianceSettings> => {
  if (tenant.dataset !== "live") throw new AppError("forbidden", "A sandbox key cannot change the carrier's compliance settings: they are the live company's.");
  const { carrierName, dotNumber, mainOfficeFormattedAddress } = input;
  const updated = await updateCompany({
    db,
    companyId: tenant.companyId,
    editor: "admin",
    actor,
    input: { carrierName, usdotNumber: dotNumber, mainOfficeAddress: mainOfficeFormattedAddress },
  });
  return present(updated);
};
