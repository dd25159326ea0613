import { randomBytes } from "node:crypto";
import type { WebhookHeader } from "@/db/schema";

/** A new signing secret: 32 random bytes, base64 as Samsara's are. */
export const generateWebhookSecret = () => randomBytes(32).toString("base64");

/** How later reads show the secret: its last four characters only. */
export const maskWebhookSecret = (secret: string) => `${"*".repeat(8)}${secret.slice(-4)}`;

/**
 * How later reads show a custom header's value (often a receiver's credential): masked like the
 * secret, and with nothing of a value shorter than 12 characters, whose last four would be most of it.
 */
export const maskHeaderValue = (value: string) => (value.length >= 12 ? maskWebhookSecret(value) : "*".repeat(8));

/** Custom headers as reads show them: names in clear, values masked. */
export const maskHeaders = (headers: WebhookHeader[]) => headers.map(({ key, value }) => ({ key, value: maskHeaderValue(value) }));

/**
 * Headers written back as a read showed them (a client that reads, edits the name and PATCHes the
 * whole object) keep their stored values: a value equal to the mask of the stored one is not new.
 */
export const keepMaskedValues = ({ next, stored }: { next: WebhookHeader[]; stored: WebhookHeader[] }) =>
  next.map((header) => {
    const before = stored.find((candidate) => candidate.key.toLowerCase() === header.key.toLowerCase());
    return before && header.value === maskHeaderValue(before.value) ? { key: header.key, value: before.value } : header;
  });
