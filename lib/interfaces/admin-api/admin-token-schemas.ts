import { z } from "zod";

/** The body of POST /api/v2/auth/token. */
export const adminTokenRequestSchema = z
  .object({
    email: z.string({ error: "Give the admin's email." }).trim().min(1, "Give the admin's email.").max(320),
    password: z.string({ error: "Give the password." }).min(1, "Give the password.").max(1000),
  })
  .meta({ id: "AdminTokenRequest" });

export const adminTokenResponseSchema = z
  .object({
    token: z.string().meta({ description: "An HS256 JWT; send it as `Authorization: Bearer <token>`." }),
    expiresAt: z.iso.datetime().meta({ description: "One hour after issue." }),
  })
  .meta({ id: "AdminToken" });

export type AdminTokenResponse = z.infer<typeof adminTokenResponseSchema>;
