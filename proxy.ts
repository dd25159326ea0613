import { NextResponse, type NextRequest } from "next/server";
import { getMapTiles } from "@/lib/dashboard/view/map-tiles";
import { refuseSecretInQuery } from "@/lib/platform/http/credential-urls";
import { buildSecurityHeaders, newCspNonce } from "@/lib/platform/http/security-headers";
import { getConfig } from "@/lib/platform/config";

/**
 * Adds the security headers (CSP, nosniff, frame and referrer policy) to every answer, read at run
 * time (MAP_TILE_URL). The CSP carries a fresh nonce, also put on the request (`x-nonce` and the
 * CSP itself): Next reads it there and puts it on the scripts it renders, which is why every page
 * renders per request (app/layout.tsx). A password in a sign-in page's query is refused here, before
 * the page renders (lib/platform/http/credential-urls.ts).
 */
export const proxy = (request: NextRequest) => {
  const nonce = newCspNonce();
  const headers = buildSecurityHeaders({ tileUrl: getMapTiles().tileUrl, nonce, isDevelopment: getConfig().NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = refuseSecretInQuery(request) ?? NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
};

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
