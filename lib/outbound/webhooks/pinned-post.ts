import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";

/** One POST to a webhook receiver; tests pass their own. Resolves with the status, never follows a redirect. */
export type PostWebhook = (request: {
  url: URL;
  address: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}) => Promise<{ status: number }>;

/** A DNS lookup that answers the one address already checked, whatever the name (both of Node's calling forms). */
const pinnedLookup =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = isIP(address);
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * POSTs over a connection to `address` (the checked one) while TLS still verifies the certificate
 * against the URL's host name: DNS is not asked again, so it cannot rebind the name to a private
 * address between the check and the connection. A fresh connection each time (no agent pool that
 * might hold a socket to an address checked earlier).
 */
export const postToPinnedAddress: PostWebhook = ({ url, address, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, lookup: pinnedLookup(address), agent: false, signal },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
