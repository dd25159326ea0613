import { logger } from "@/lib/platform/logger";
import { loggablePath } from "./credential-urls";

/** What a wrapper learned about the caller; filled in as authentication succeeds. Never a secret. */
export type RequestLogFields = { companyId?: number; keyId?: string | number; userId?: number };

/**
 * The one structured access-log line per request (pino, JSON): request id, method, route, status,
 * duration and who called (company, key or user id). Keys, tokens and passwords are never passed
 * in, so they cannot be logged; the route is the path without its query string, and a sign-up
 * or reset link's token is replaced (lib/platform/http/credential-urls.ts).
 */
export const logRequest = ({
  request,
  requestId,
  status,
  startedAt,
  fields = {},
}: {
  request: Request;
  requestId: string;
  status: number;
  startedAt: number;
  fields?: RequestLogFields;
}) => {
  const line = {
    requestId,
    method: request.method,
    route: loggablePath(request.url),
    status,
    durationMs: Math.round(performance.now() - startedAt),
    ...fields,
  };
  if (status >= 500) logger.error(line, "request failed");
  else logger.info(line, "request");
};
