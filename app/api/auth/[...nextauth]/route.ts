export const dynamic = "force-dynamic";

export { nextAuthHandler as GET, nextAuthHandler as POST } from "@/app/_endpoints/next-auth";
