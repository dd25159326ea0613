import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { companies, users } from "@/db/schema";
import { findUsableLink } from "./user-links";

/** Who an invite link is for, for its page (404 forged, 403 used or expired); the link stays unused. */
export const openInvite = async ({ db = getDb(), token }: { db?: Executor; token: string }) => {
  const link = await findUsableLink({ db, token, purpose: "invite" });
  const [invited] = await db
    .select({ email: users.email, name: users.name, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId)));
  return invited;
};
