import { apiKeys, type Dataset } from "@/db/schema";
import type { Scope } from "./scopes";

export type ApiKeyStatus = "active" | "revoked" | "expired";

/** A key as admins see it: everything but the hash (the secret itself is never stored). */
export type ApiKeyRecord = {
  id: string;
  name: string;
  environment: Dataset;
  scopes: Scope[];
  /** The prefix and first characters, e.g. `svc_live_AbCd…`, to tell keys apart. */
  start: string;
  ipAllowlist: string[];
  apiVersion: string;
  status: ApiKeyStatus;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
};

/** The columns a record is read from: select these, never `hash`. */
export const apiKeyRecordColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  environment: apiKeys.environment,
  scopes: apiKeys.scopes,
  start: apiKeys.start,
  ipAllowlist: apiKeys.ipAllowlist,
  apiVersion: apiKeys.apiVersion,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  lastUsedAt: apiKeys.lastUsedAt,
  createdAt: apiKeys.createdAt,
};

type ApiKeyRow = Omit<ApiKeyRecord, "status" | "scopes"> & { scopes: string[] };

export const statusOf = ({ revokedAt, expiresAt }: Pick<ApiKeyRecord, "revokedAt" | "expiresAt">, now = new Date()): ApiKeyStatus => {
  if (revokedAt) return "revoked";
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
};

export const toApiKeyRecord = (row: ApiKeyRow): ApiKeyRecord => ({ ...row, scopes: row.scopes as Scope[], status: statusOf(row) });
