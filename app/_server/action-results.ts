import { headers } from "next/headers";
import { CLIENT_IP_HEADER, newRequestId, toAppError } from "@/lib/http";

/** The address and request id of a public action (invite, reset: no session), for the audit log. */
export const requestFacts = async () => ({ ip: (await headers()).get(CLIENT_IP_HEADER), requestId: newRequestId() });

/** A refused action as a form shows it: `Invalid value for "password"` goes under that field. */
export const actionFailure = (error: unknown) => {
  const { message } = toAppError(error, newRequestId());
  const field = /"(\w+)"/.exec(message)?.[1];
  return { ok: false as const, message, fieldErrors: field ? { [field]: message } : {} };
};
