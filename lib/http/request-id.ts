import { randomBytes } from "node:crypto";

/** A short unique id a client can quote to support; sent as `requestId` and `X-Request-Id`. */
export const newRequestId = () => `req_${randomBytes(12).toString("base64url")}`;
