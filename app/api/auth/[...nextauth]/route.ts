import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/auth/auth-options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

const handler = async (request: NextRequest, context: RouteContext) => NextAuth(request, { params: await context.params }, getAuthOptions());

export { handler as GET, handler as POST };
