"use server";

// A server action is a public endpoint: it checks the role itself, whatever page shows it (a refusal
// is recorded as `company.denied`).
import { revalidatePath } from "next/cache";
import { sessionActor } from "@/app/_server/session-actor";
import { getSessionUser } from "@/app/_server/session";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { updateCompany } from "@/lib/companies/update-company";
import { AppError } from "@/lib/errors";
import { newRequestId, toAppError } from "@/lib/http";

export type CompanySettingsResult = { ok: true } | { ok: false; message: string };

/** Saves name, time zone and units through the one domain function (which validates them). */
export const updateCompanySettingsAction = async (input: unknown): Promise<CompanySettingsResult> => {
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const actor = await sessionActor(user);
    await authorizeAction({ user, action: "editCompanySettings", actor, denied: { action: "company.denied", target: { type: "company", id: user.companyId } } });
    await updateCompany({ companyId: user.companyId, input, editor: "admin", actor });
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message };
  }
  // Every page shows times in the company's zone.
  revalidatePath("/", "layout");
  return { ok: true };
};
