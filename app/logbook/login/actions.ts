"use server";

// Public: the driver sign-in form's action. Next refuses server-action POSTs whose Origin is not this host (CSRF).
import { signInAndGo } from "@/app/_server/sign-in";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { authenticateDriver } from "@/lib/logbook/driver-logins";

const WRONG = "Wrong username, password or PIN.";

/** Signs a driver in with their username and password or PIN (throttled in authenticateDriver) and opens the logbook. */
export const driverSignInAction = async (_previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  const username = form.get("username");
  const secret = form.get("secret");
  if (typeof username !== "string" || typeof secret !== "string" || !username || !secret) return { ok: false, message: WRONG, fieldErrors: {} };
  return signInAndGo({ authenticate: async (ip) => ({ driver: await authenticateDriver({ username, secret, ip }) }), wrongCredentials: WRONG, to: "/logbook" });
};
