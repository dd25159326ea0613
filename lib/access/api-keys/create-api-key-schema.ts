import { z } from "zod";
import { DATASETS } from "@/db/schema";
import { SCOPES } from "./scopes";
import { isIpAllowlistEntry } from "./ip-allowlist-entry";

const MAX_ALLOWLIST_ENTRIES = 100;
// RFC 3339: date, time, optional fraction, and a zone (Z or an offset) that is required.
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The body of a new API key: the admin API (POST /api/v2/api-keys) and the dashboard form both
 * parse with this one schema, so both give the same messages for the same mistakes.
 */
export const createApiKeySchema = z
  .object({
    name: z
      .string({ error: "Required: a name of 1 to 100 characters." })
      .trim()
      .min(1, "Required: a name of 1 to 100 characters.")
      .max(100, "Use at most 100 characters.")
      .meta({ description: "A name to tell the key apart, 1 to 100 characters." }),
    scopes: z
      .array(z.enum(SCOPES, { error: (issue) => `Unknown scope "${String(issue.input)}". Valid scopes: ${SCOPES.join(", ")}.` }), {
        error: "Give a list of scopes.",
      })
      .min(1, "Choose at least one scope.")
      .transform((scopes) => [...new Set(scopes)])
      .meta({ description: "What the key may do; at least one." }),
    environment: z
      .enum(DATASETS, { error: 'Use "live" or "test".' })
      .default("live")
      .meta({ description: "`live` data (`svc_live_…`) or the `test` sandbox (`svc_test_…`)." }),
    ipAllowlist: z
      .array(
        z
          .string({ error: "Each entry must be a string." })
          .trim()
          .refine(isIpAllowlistEntry, { error: (issue) => `"${String(issue.input)}" is not an IPv4/IPv6 address or CIDR.` }),
        { error: "Give a list of addresses or CIDRs." },
      )
      .max(MAX_ALLOWLIST_ENTRIES, `Use at most ${MAX_ALLOWLIST_ENTRIES} entries.`)
      .default([])
      .meta({ description: "IPv4/IPv6 addresses or CIDRs allowed to use the key; empty means any." }),
    expiresAt: z
      .string({ error: "Give an RFC 3339 timestamp, e.g. 2030-01-31T00:00:00Z." })
      .regex(RFC_3339, "Give an RFC 3339 timestamp with a zone, e.g. 2030-01-31T00:00:00Z.")
      .transform((text) => new Date(text))
      .refine((date) => !Number.isNaN(date.getTime()), "Not a valid date.")
      .refine((date) => date.getTime() > Date.now(), "Must be in the future.")
      .nullish()
      .meta({ description: "RFC 3339 time with a zone, in the future; null or missing: never expires." }),
  })
  .meta({ id: "CreateApiKeyRequest" });

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKeyBody = z.output<typeof createApiKeySchema>;
