import { AppError, isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";

const CONNECTION_ERROR = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|terminating connection|Connection terminated|connect timeout/i;

/** Maps anything thrown to an AppError; unknown failures are logged, never echoed to the client. */
export const toAppError = (error: unknown, requestId: string): AppError => {
  if (isAppError(error)) return error;
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
