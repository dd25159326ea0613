import { POST as postApiKey, GET as getApiKeys } from "@/app/api/v2/api-keys/route";
import { DELETE as deleteApiKey } from "@/app/api/v2/api-keys/[id]/route";
import { POST as postToken } from "@/app/api/v2/auth/token/route";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";

const BASE = "http://admin.test";

/** Calls the admin handlers directly, as the app's server would (with the client address header). */
const request = (path: string, { method = "GET", token, body, ip = "198.51.100.7" }: { method?: string; token?: string; body?: unknown; ip?: string } = {}) =>
  new Request(`${BASE}${path}`, {
    method,
    headers: {
      [CLIENT_IP_HEADER]: ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

export const requestToken = async (email: string, password: string, ip?: string) =>
  postToken(request("/api/v2/auth/token", { method: "POST", body: { email, password }, ip }));

export const adminToken = async (email = "admin@demo.test", password = "demo-password-1") => {
  const response = await requestToken(email, password);
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

export const createKey = (token: string | undefined, body: unknown) => postApiKey(request("/api/v2/api-keys", { method: "POST", token, body }));
export const listKeys = (token: string | undefined) => getApiKeys(request("/api/v2/api-keys", { token }));
export const revokeKey = (token: string | undefined, id: string) =>
  deleteApiKey(request(`/api/v2/api-keys/${id}`, { method: "DELETE", token }), { params: Promise.resolve({ id }) });
export { request as adminRequest, postToken };
