/** What the Places search says when no geocoder is configured (client-safe: the page's hint and the server's refusal). */
export const TOWNS_ONLY_MESSAGE = "Towns only: set GEOCODER_URL for street addresses (docs/operating.md).";
