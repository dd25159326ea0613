import { AppError } from "@/lib/platform/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated writes: a browser names the page that sent a request in
 * `Sec-Fetch-Site` and `Origin`; a write whose origin is not this host is refused (403). Requests
 * without either header (curl, server-to-server) carry no ambient browser cookie risk and pass.
 */
export const assertSameOrigin = (request: Request) => {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new AppError("forbidden", "Cross-site requests may not change data.");
  }
  const origin = request.headers.get("origin");
  if (!origin) return;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("forbidden", "Cross-site requests may not change data.");
  }
  if (originHost !== host) throw new AppError("forbidden", "Cross-site requests may not change data.");
};
