import { randomBytes } from "node:crypto";
import { getPublicOrigin } from "@/lib/platform/config";
import { sha256Hex } from "@/lib/platform/crypto";

/** 24 random bytes: a link nobody guesses. The company id in front lets the page find it on one shard. */
export const generateShareToken = (companyId: number) => `${companyId}_${randomBytes(24).toString("base64url")}`;

/** Stored instead of the token, as API keys are: a long random secret needs no slow hash. */
export const hashShareToken = (token: string) => sha256Hex(token);

/** What is kept in clear to tell links apart: the company id and four characters, never enough to open one. */
export const shareTokenStart = (token: string) => token.slice(0, token.indexOf("_") + 5);

/** The company a token belongs to, or null for something that is not a token. */
export const companyOfShareToken = (token: string) => {
  const match = /^(\d{1,9})_[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
};

/** The public page of a link: what Samsara calls `liveSharingUrl`. Only its creator ever sees it. */
export const liveShareUrl = (token: string) => `${getPublicOrigin()}/share/${token}`;

/** The link as shown after creation (lists, updates): its visible start and an ellipsis, not a working address. */
export const maskedLiveShareUrl = (tokenStart: string) => `${getPublicOrigin()}/share/${tokenStart}…`;
