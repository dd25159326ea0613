import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/auth-options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

const handler = async (request: Request, context: RouteContext) => NextAuth(request, { params: await context.params }, getAuthOptions());

export { handler as GET, handler as POST };
