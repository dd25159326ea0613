import { z } from "zod";
import { issueAdminToken } from "@/lib/admin-api/admin-token";
import { withAdminRequest } from "@/lib/admin-api/with-admin-api";
import { getClientIp, parseWith, readJson } from "@/lib/http";

const tokenRequestSchema = z.object({
  email: z.string({ error: "Give the admin's email." }).trim().min(1, "Give the admin's email.").max(320),
  password: z.string({ error: "Give the password." }).min(1, "Give the password.").max(1000),
});

/** POST /api/v2/auth/token: an admin's email and password → `{ token, expiresAt }` (valid one hour). */
export const POST = withAdminRequest(async ({ request }) => {
  const { email, password } = parseWith(tokenRequestSchema, await readJson(request, 10_000));
  const { token, expiresAt } = await issueAdminToken({ email, password, ip: getClientIp(request) });
  return Response.json({ token, expiresAt: expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
});
