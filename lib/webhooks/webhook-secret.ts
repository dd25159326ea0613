import { randomBytes } from "node:crypto";

/** A new signing secret: 32 random bytes, base64 as Samsara's are. */
export const generateWebhookSecret = () => randomBytes(32).toString("base64");

/** How later reads show the secret: its last four characters only. */
export const maskWebhookSecret = (secret: string) => `${"*".repeat(8)}${secret.slice(-4)}`;
