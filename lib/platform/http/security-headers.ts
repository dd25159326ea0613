/**
 * Security headers of every page and API answer. Scripts run only with this request's nonce (Next puts
 * it on its own scripts, proxy.ts hands it over) and what they load ('strict-dynamic'): an injected
 * inline handler or <script> never runs (issue 33). 'self' stays for browsers without CSP 3. Styles
 * keep 'unsafe-inline': Leaflet and Recharts set style attributes, which a nonce cannot allow.
 * Images: this origin, data:/blob: URLs (Leaflet's icons, CSV links), the map tile server, and https:
 * for camera media, which lives on the camera platform's hosts.
 */
export const buildSecurityHeaders = ({
  tileUrl,
  nonce,
  isDevelopment = false,
}: {
  tileUrl?: string;
  nonce: string;
  isDevelopment?: boolean;
}): Record<string, string> => {
  let tileOrigin = "";
  try {
    if (tileUrl) tileOrigin = new URL(tileUrl.replace(/\{[a-z]\}/g, "a")).origin;
  } catch {
    tileOrigin = "";
  }
  const csp = [
    "default-src 'self'",
    // Development only: React rebuilds server error stacks in the browser with eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin} https:`.replace(/\s+/g, " "),
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
};

/** A fresh CSP nonce for one request: 128 random bits, base64. */
export const newCspNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
