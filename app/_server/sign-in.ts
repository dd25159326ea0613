import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SignedIn } from "@/lib/access/auth/session-claims";
import { AppError, isAppError } from "@/lib/platform/errors";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { startSession } from "./start-session";

type Authenticate = (ip: string | null) => Promise<SignedIn>;

/**
 * The one sign-in path of the dashboard's and the logbook's forms (and of a new password's
 * automatic sign-in): the credentials check with its throttle (lib/access/auth, lib/hos/logbook), then the
 * session cookie, then the signed-in start page. A wrong password (as `wrongCredentials`) and a
 * throttled account are thrown for the action's answer (defineAction); nothing is echoed in a URL.
 */
export const signInAndGo = async ({
  authenticate,
  wrongCredentials,
  to,
}: {
  authenticate: Authenticate;
  wrongCredentials: string;
  to: string;
}): Promise<never> => {
  try {
    await startSession(await authenticate((await headers()).get(CLIENT_IP_HEADER)));
  } catch (error) {
    if (isAppError(error) && error.code === "unauthorized") throw new AppError("unauthorized", wrongCredentials);
    throw error;
  }
  redirect(to);
};
