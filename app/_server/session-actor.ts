import { headers } from "next/headers";
import type { SessionUser } from "@/lib/access/auth/auth-options";
import { userActor, type AuditActor } from "@/lib/platform/audit";
import { CLIENT_IP_HEADER, newRequestId } from "@/lib/platform/http";

/** The signed-in user of a server action as the audit log's actor, with the address the app's server saw. */
export const sessionActor = async (user: SessionUser): Promise<AuditActor> =>
  userActor({ user, ip: (await headers()).get(CLIENT_IP_HEADER), requestId: newRequestId() });
