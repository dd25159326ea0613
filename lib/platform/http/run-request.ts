import { errorResponse } from "./error-response";
import { logRequest, type RequestLogFields } from "./log-request";
import { newRequestId } from "./request-id.mjs";

/**
 * What a request's handler gets from the frame: its id, the caller's ids for the log line, and
 * headers to send whatever the outcome (e.g. rate-limit headers learned before an error).
 */
export type RequestScope = { requestId: string; log: RequestLogFields; headers: Record<string, string> };

/**
 * The frame every interface's wrapper shares: a request id on every response (`X-Request-Id`),
 * every error as `{ message, requestId }`, and one access-log line with the caller's ids.
 */
export const runRequest = async (request: Request, run: (scope: RequestScope) => Promise<Response>): Promise<Response> => {
  const requestId = newRequestId();
  const startedAt = performance.now();
  const log: RequestLogFields = {};
  const headers: Record<string, string> = {};
  let response: Response;
  try {
    response = await run({ requestId, log, headers });
    for (const [name, value] of Object.entries({ ...headers, "X-Request-Id": requestId })) response.headers.set(name, value);
  } catch (error) {
    response = errorResponse(error, requestId, headers);
  }
  logRequest({ request, requestId, status: response.status, startedAt, fields: log });
  return response;
};
