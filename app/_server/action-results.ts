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

/**
 * A form's text fields as the plain object a domain function parses (repeated names keep the last),
 * without the `$ACTION_…` fields React adds to a form posted before hydration.
 */
export const fieldsOf = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string" && !entry[0].startsWith("$")));

/** The new-password forms' check before the server sees the password: both copies match. */
export const passwordsDiffer = (form: FormData, field: string) =>
  form.get(field) !== form.get("confirm") ? { ok: false as const, message: "Check the highlighted fields.", fieldErrors: { confirm: "The two passwords differ." } } : null;
