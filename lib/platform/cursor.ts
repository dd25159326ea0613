import { createHmac } from "node:crypto";
import { AppError } from "@/lib/platform/errors";
import { deriveSecret } from "@/lib/platform/config";
import { constantTimeEqual } from "@/lib/platform/crypto";

export const LIST_CURSOR_TTL_MS = 24 * 60 * 60 * 1000;
export const FEED_CURSOR_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Whose cursor it is: a cursor only works on the endpoint, company and dataset that issued it. */
export type CursorScope = { endpoint: string; companyId: number; dataset: string };

type Payload = { e: string; c: number; d: string; p: unknown; x: number };

const sign = (body: string) => createHmac("sha256", deriveSecret("cursor")).update(body).digest("base64url").slice(0, 22);

/** An opaque, signed, expiring cursor carrying a keyset position (e.g. the last id, or a feed sequence). */
export const encodeCursor = <P>({ scope, position, ttlMs }: { scope: CursorScope; position: P; ttlMs: number }) => {
  const payload: Payload = { e: scope.endpoint, c: scope.companyId, d: scope.dataset, p: position, x: Date.now() + ttlMs };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(body)}`;
};

const invalid = () => new AppError("bad_request", 'Invalid "after" cursor: pass pagination.endCursor from a previous response of this endpoint.');

/** The position inside a cursor; 400 when it is not one this service issued for this scope, or expired. */
export const decodeCursor = <P>({ cursor, scope }: { cursor: string; scope: CursorScope }): P => {
  const [body, signature, extra] = cursor.split(".");
  if (!body || !signature || extra !== undefined || !constantTimeEqual(signature, sign(body))) throw invalid();
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
  } catch {
    throw invalid();
  }
  if (payload.e !== scope.endpoint || payload.c !== scope.companyId || payload.d !== scope.dataset) throw invalid();
  if (!(payload.x > Date.now())) throw new AppError("bad_request", 'The "after" cursor has expired; start again without it.');
  return payload.p as P;
};
