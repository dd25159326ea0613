import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/access/auth/auth-options";
import { errorResponse, newRequestId, readBodyText, type RouteContext } from "@/lib/platform/http";

/** Sign-in forms are a few hundred bytes; next-auth itself reads any size, so the body is capped here (413). */
const AUTH_BODY_LIMIT_BYTES = 16_000;

/**
 * next-auth's own handler (sign-in, session, CSRF token) stays outside the request wrappers and
 * endpoint definitions: its responses are redirects and cookies it builds itself, and it never
 * answers with this app's JSON.
 */
export const nextAuthHandler = async (request: NextRequest, context: RouteContext<{ nextauth: string[] }>) => {
  let limited = request;
  if (request.method === "POST") {
    try {
      const body = await readBodyText(request, AUTH_BODY_LIMIT_BYTES);
      limited = new NextRequest(request.url, { method: request.method, headers: request.headers, body });
    } catch (error) {
      return errorResponse(error, newRequestId());
    }
  }
  return NextAuth(limited, { params: await context.params }, getAuthOptions());
};
