"use server";

// Public: the sign-in form's action. Next refuses server-action POSTs whose Origin is not this host (CSRF).
import { signInAndGo } from "@/app/_server/sign-in";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { authenticateUser } from "@/lib/auth/authenticate-user";

const WRONG = "Wrong email or password.";

/** Signs in with the form's email and password (throttled in authenticateUser) and opens the live map. */
export const signInAction = async (_previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  const email = form.get("email");
  const password = form.get("password");
  if (typeof email !== "string" || typeof password !== "string" || !email || !password) return { ok: false, message: WRONG, fieldErrors: {} };
  return signInAndGo({ authenticate: async (ip) => ({ user: await authenticateUser({ email, password, ip }) }), wrongCredentials: WRONG, to: "/map" });
};
