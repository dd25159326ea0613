"use server";

// A server action is a public endpoint: it checks the role itself, whatever page shows it.
import { revalidatePath } from "next/cache";
import { sessionActor } from "@/app/_server/session-actor";
import { requireUser } from "@/app/_server/session";
import { ACTIONS } from "@/lib/auth/role-policy";
import { updateCompany } from "@/lib/companies/update-company";
import { newRequestId, toAppError } from "@/lib/http";

export type CompanySettingsResult = { ok: true } | { ok: false; message: string };

/** Saves name, time zone and units through the one domain function (which validates them). */
export const updateCompanySettingsAction = async (input: unknown): Promise<CompanySettingsResult> => {
  const user = await requireUser(ACTIONS.editCompanySettings);
  try {
    await updateCompany({ companyId: user.companyId, input, editor: "admin", actor: await sessionActor(user) });
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message };
  }
  // Every page shows times in the company's zone.
  revalidatePath("/", "layout");
  return { ok: true };
};
