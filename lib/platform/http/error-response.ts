import { AppError, isAppError } from "@/lib/platform/errors";
import { logger } from "@/lib/platform/logger";

const CONNECTION_ERROR = new RegExp(
  [
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "terminating connection",
    "Connection terminated",
    "connect timeout",
    "the database system is (starting up|shutting down|in recovery)",
    "Client has encountered a connection error",
    "timeout exceeded when trying to connect",
  ].join("|"),
  "i",
);
/** SQLSTATEs of a database that is restarting or unreachable: class 08 and the 57P0x shutdown codes. */
const UNAVAILABLE_STATE = /^(08|57P0[1-3])/;

/**
 * PostgreSQL "data exception" codes that only a value sent by the client can cause (a NUL character,
 * a number or date out of range): the request is at fault, so 400, not 500. Found by the fuzz suite.
 */
const CLIENT_DATA_ERRORS = new Set(["22021", "22P05", "22003", "22008", "22007", "22P02", "54000"]);

/** The error and its causes: drizzle wraps driver errors (`DrizzleQueryError` → `cause`). */
const causeChain = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
};

/** The SQLSTATE of a database error, also when wrapped. */
const sqlStateOf = (error: unknown): string | undefined =>
  causeChain(error)
    .map((item) => (item as { code?: unknown }).code)
    .find((code): code is string => typeof code === "string" && /^[0-9A-Z]{5}$/.test(code));

const isDatabaseUnavailable = (error: unknown) =>
  causeChain(error).some((item) => {
    const { message, code } = item instanceof Error ? (item as Error & { code?: unknown }) : { message: String(item), code: undefined };
    return CONNECTION_ERROR.test(`${message} ${typeof code === "string" ? code : ""}`) || (typeof code === "string" && UNAVAILABLE_STATE.test(code));
  });

/** Maps anything thrown to an AppError; unknown failures are logged, never echoed to the client. */
export const toAppError = (error: unknown, requestId: string): AppError => {
  if (isAppError(error)) return error;
  if (isDatabaseUnavailable(error)) {
    logger.warn({ requestId, err: error instanceof Error ? error.message : String(error) }, "database unavailable");
    return new AppError("unavailable", "The service is temporarily unavailable. Retry shortly.", { headers: { "Retry-After": "1" } });
  }
  const sqlState = sqlStateOf(error);
  if (sqlState && CLIENT_DATA_ERRORS.has(sqlState)) {
    logger.warn({ requestId, sqlState }, "request value refused by the database");
    return new AppError("bad_request", "A value in the request is out of range or contains characters that cannot be stored (such as NUL).");
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
