import { randomBytes } from "node:crypto";
import { getPublicOrigin } from "@/lib/config";

/** 24 random bytes: a link nobody guesses. The company id in front lets the page find it on one shard. */
export const generateShareToken = (companyId: number) => `${companyId}_${randomBytes(24).toString("base64url")}`;

/** The company a token belongs to, or null for something that is not a token. */
export const companyOfShareToken = (token: string) => {
  const match = /^(\d{1,9})_[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
};

/** The public page of a link: what Samsara calls `liveSharingUrl`. */
export const liveShareUrl = (token: string) => `${getPublicOrigin()}/share/${token}`;
