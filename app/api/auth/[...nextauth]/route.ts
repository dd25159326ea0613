import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/auth/auth-options";
import { errorResponse, newRequestId, readBodyText } from "@/lib/http";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** Sign-in forms are a few hundred bytes; next-auth itself reads any size, so the body is capped here (413). */
const AUTH_BODY_LIMIT_BYTES = 16_000;

const handler = async (request: NextRequest, context: RouteContext) => {
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

export { handler as GET, handler as POST };
