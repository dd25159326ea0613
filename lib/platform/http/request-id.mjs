// Plain JavaScript: scripts/server.mjs numbers the requests Node refuses before Next sees them the same way.
import { randomBytes } from "node:crypto";

/** A short unique id a client can quote to support; sent as `requestId` and `X-Request-Id`. @returns {string} */
export const newRequestId = () => `req_${randomBytes(12).toString("base64url")}`;
