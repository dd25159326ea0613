import { AppError, isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";

const CONNECTION_ERROR = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|terminating connection|Connection terminated|connect timeout/i;

/**
 * PostgreSQL "data exception" codes that only a value sent by the client can cause (a NUL character,
 * a number or date out of range): the request is at fault, so 400, not 500. Found by the fuzz suite.
 */
const CLIENT_DATA_ERRORS = new Set(["22021", "22P05", "22003", "22008", "22007", "22P02", "54000"]);

/** The SQLSTATE of a database error, also when drizzle wraps it (`cause`). */
const sqlStateOf = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

/** Maps anything thrown to an AppError; unknown failures are logged, never echoed to the client. */
export const toAppError = (error: unknown, requestId: string): AppError => {
  if (isAppError(error)) return error;
  const sqlState = sqlStateOf(error);
  if (sqlState && CLIENT_DATA_ERRORS.has(sqlState)) {
    logger.warn({ requestId, sqlState }, "request value refused by the database");
    return new AppError("bad_request", "A value in the request is out of range or contains characters that cannot be stored (such as NUL).");
  }
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ""}` : String(error);
  if (CONNECTION_ERROR.test(text)) {
    logger.warn({ requestId, err: text }, "database unavailable");
    return new AppError("unavailable", "The service is temporarily unavailable. Retry shortly.", { headers: { "Retry-After": "1" } });
  }
  logger.error({ requestId, err: error }, "unhandled error");
  return new AppError("internal_error", "Internal error. Quote the requestId when contacting support.");
};

/** The error body every JSON interface answers with: `{ message, requestId }`. */
export const errorResponse = (error: unknown, requestId: string, headers: Record<string, string> = {}) => {
  const appError = toAppError(error, requestId);
  return Response.json(
    { message: appError.message, requestId },
    { status: appError.status, headers: { ...headers, ...appError.headers, "X-Request-Id": requestId } },
  );
};
