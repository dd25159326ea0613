import { AppError } from "@/lib/platform/errors";

/**
 * A row id a client sent to an action (a crafted call may send anything), checked before the
 * session is read: `Give a numeric user id.` names what was expected.
 */
export const readId = (value: unknown, what?: string): number => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0)
    throw new AppError("bad_request", what ? `Give a numeric ${what} id.` : "Give a numeric id.");
  return value;
};
