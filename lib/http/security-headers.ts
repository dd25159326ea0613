/**
 * Security headers of every page and API answer. The CSP is pragmatic: Next's App Router streams
 * its data in inline scripts and Leaflet/Recharts set inline styles, so both allow 'unsafe-inline'
 * (no third-party script can load: scripts come from this origin only). Images: this origin,
 * data:/blob: URLs (Leaflet's icons, CSV links), the map tile server, and https: for camera media,
 * which lives on the camera platform's hosts.
 */
export const buildSecurityHeaders = ({ tileUrl, isDevelopment = false }: { tileUrl?: string; isDevelopment?: boolean }): Record<string, string> => {
  let tileOrigin = "";
  try {
    if (tileUrl) tileOrigin = new URL(tileUrl.replace(/\{[a-z]\}/g, "a")).origin;
  } catch {
    tileOrigin = "";
  }
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${isDevelopment ? " 'unsafe-eval'" : ""}`,
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
