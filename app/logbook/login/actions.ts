"use server";

// Public: the driver sign-in form's action. Next refuses server-action POSTs whose Origin is not this host (CSRF).
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { definePublicAction } from "@/app/_server/define-action";
import { signInAndGo } from "@/app/_server/sign-in";
import { AppError } from "@/lib/platform/errors";
import { authenticateDriver } from "@/lib/hos/logbook/driver-logins";

const WRONG = "Wrong username, password or PIN.";

/** Signs a driver in with their username and password or PIN (throttled in authenticateDriver) and opens the logbook. */
export const driverSignInAction = definePublicAction(
  { input: z.object({ username: z.string().default(""), secret: z.string().default("") }), args: formFields },
  async ({ input: { username, secret } }) => {
    if (!username || !secret) throw new AppError("unauthorized", WRONG);
    return signInAndGo({
      authenticate: async (ip) => ({ driver: await authenticateDriver({ username, secret, ip }) }),
      wrongCredentials: WRONG,
      to: "/logbook",
    });
  },
);
