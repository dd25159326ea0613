import { NextResponse, type NextRequest } from "next/server";
import { getMapTiles } from "@/lib/dashboard/map-tiles";
import { refuseSecretInQuery } from "@/lib/http/credential-urls";
import { buildSecurityHeaders } from "@/lib/http/security-headers";
import { getConfig } from "@/lib/config";

/**
 * Adds the security headers (CSP, nosniff, frame and referrer policy) to every answer, read at run time (MAP_TILE_URL).
 * A password in a sign-in page's query is refused here, before the page renders (lib/http/credential-urls.ts).
 */
export const proxy = (request: NextRequest) => {
  const response = refuseSecretInQuery(request) ?? NextResponse.next();
  const headers = buildSecurityHeaders({ tileUrl: getMapTiles().tileUrl, isDevelopment: getConfig().NODE_ENV === "development" });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
};

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
