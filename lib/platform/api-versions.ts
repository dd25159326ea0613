/** Dated versions of the public interface (X-Service-Version); a key is pinned to the current one at creation. */
export const API_VERSIONS = ["2023-06-01", "2025-01-15"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION: ApiVersion = "2025-01-15";
export const VERSION_HEADER = "X-Service-Version";

export const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value);
