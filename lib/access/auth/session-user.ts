import type { Role } from "@/db/schema";

/** The signed-in dashboard user, as pages, routes and server actions see them. */
export type SessionUser = { id: number; email: string; name: string; role: Role; companyId: number; companyName: string };
