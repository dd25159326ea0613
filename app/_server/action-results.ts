import { headers } from "next/headers";
import { CLIENT_IP_HEADER, newRequestId } from "@/lib/platform/http";

/** The address and request id of a public action (invite, reset: no session), for the audit log. */
export const requestFacts = async () => ({ ip: (await headers()).get(CLIENT_IP_HEADER), requestId: newRequestId() });

/**
 * A form's text fields as the plain object a domain function parses (repeated names keep the last),
 * without the `$ACTION_…` fields React adds to a form posted before hydration.
 */
export const fieldsOf = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string" && !entry[0].startsWith("$")));
