// Next refuses a server-action body over its bodySizeLimit by throwing inside the render, which
// answers 500. scripts/server.mjs refuses such a request first, with 413 and { message, requestId };
// next.config.mjs sets Next's own limit from the same number, so Next's check stays behind this one.
import { STATUS_CODES } from "node:http";
import { newRequestId } from "./request-id.mjs";

/** The largest server-action body: actions carry a few form fields (a CSV import goes to a route handler). */
export const SERVER_ACTION_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * A server action: React's fetch (the `next-action` header), or a form posted to a page without
 * JavaScript (a form encoding, outside the route handlers under /api and /ingest).
 * @param {import("node:http").IncomingMessage} req
 */
const isServerAction = (req) => {
  if (req.method !== "POST") return false;
  if (req.headers["next-action"] !== undefined) return true;
  const type = String(req.headers["content-type"] ?? "");
  const path = (req.url ?? "/").split("?")[0];
  return /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type) && !/^\/(api|ingest)(\/|$)/.test(path);
};

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {number} status @param {string} message */
const answer = (req, res, status, message) => {
  const requestId = newRequestId();
  const body = JSON.stringify({ message, requestId });
  res.writeHead(status, STATUS_CODES[status], {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  });
  // The body is read and dropped (never held), so a client still sending it gets this answer rather
  // than a broken pipe.
  req.resume();
  res.end(body);
};

/**
 * Answers a server action whose body is over the limit (413) or of unstated length (411: a browser
 * always states it; a chunked body could only be counted by Next, which answers 500) and returns
 * true; returns false for every other request, which goes on to Next.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 */
export const refuseOversizedAction = (req, res) => {
  if (!isServerAction(req)) return false;
  const declared = req.headers["content-length"];
  if (declared === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return false;
    answer(req, res, 411, "A form or server action must state its Content-Length.");
    return true;
  }
  if (Number(declared) <= SERVER_ACTION_BODY_LIMIT_BYTES) return false;
  answer(req, res, 413, `The request body is over ${SERVER_ACTION_BODY_LIMIT_BYTES / 1024} KB, the limit for a form or server action.`);
  return true;
};
