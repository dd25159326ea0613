import { createHmac } from "node:crypto";
import { constantTimeEqual } from "@/lib/platform/crypto";

/** Samsara's header names, so receivers written for Samsara verify ours unchanged. */
export const SIGNATURE_HEADER = "X-Samsara-Signature";
export const TIMESTAMP_HEADER = "X-Samsara-Timestamp";

/**
 * `v1=` + hex HMAC-SHA256, keyed with the base64-decoded secret, over `v1:<timestamp>:<raw body>`
 * (Samsara's scheme). The timestamp (Unix seconds) is its own header, so a receiver can refuse a
 * replay of an old delivery.
 */
export const signWebhookBody = ({ secret, timestamp, body }: { secret: string; timestamp: number; body: string }) =>
  `v1=${createHmac("sha256", Buffer.from(secret, "base64")).update(`v1:${timestamp}:${body}`).digest("hex")}`;

/** What a receiver does: recompute and compare in constant time, refusing timestamps older than `toleranceSeconds`. */
export const verifyWebhookSignature = ({
  secret,
  timestamp,
  body,
  signature,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
}: {
  secret: string;
  timestamp: number;
  body: string;
  signature: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}) => Math.abs(nowSeconds - timestamp) <= toleranceSeconds && constantTimeEqual(signature, signWebhookBody({ secret, timestamp, body }));
