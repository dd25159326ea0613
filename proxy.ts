import { NextResponse } from "next/server";
import { getMapTiles } from "@/lib/dashboard/map-tiles";
import { buildSecurityHeaders } from "@/lib/http/security-headers";
import { getConfig } from "@/lib/config";

/** Adds the security headers (CSP, nosniff, frame and referrer policy) to every answer, read at run time (MAP_TILE_URL). */
export const proxy = () => {
  const response = NextResponse.next();
  const headers = buildSecurityHeaders({ tileUrl: getMapTiles().tileUrl, isDevelopment: getConfig().NODE_ENV === "development" });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
};

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
