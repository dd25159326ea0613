/**
 * The caller's address as the app's own server (scripts/server.mjs) saw it on the socket. That
 * server overwrites any client-supplied value, so this header cannot be spoofed; a request that
 * lacks it (no trusted server in front) has no known address.
 */
export const CLIENT_IP_HEADER = "x-fleet-client-ip";

export const getClientIp = (request: Request): string | null => request.headers.get(CLIENT_IP_HEADER);
