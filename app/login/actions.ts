"use server";

// Public: the sign-in form's action. Next refuses server-action POSTs whose Origin is not this host (CSRF).
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { definePublicAction } from "@/app/_server/define-action";
import { signInAndGo } from "@/app/_server/sign-in";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { AppError } from "@/lib/platform/errors";

const WRONG = "Wrong email or password.";

/** Signs in with the form's email and password (throttled in authenticateUser) and opens the live map. */
export const signInAction = definePublicAction(
  { input: z.object({ email: z.string().default(""), password: z.string().default("") }), args: formFields },
  async ({ input: { email, password } }) => {
    if (!email || !password) throw new AppError("unauthorized", WRONG);
    return signInAndGo({ authenticate: async (ip) => ({ user: await authenticateUser({ email, password, ip }) }), wrongCredentials: WRONG, to: "/map" });
  },
);
