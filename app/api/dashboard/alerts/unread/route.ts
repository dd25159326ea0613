import { dashboardRoute } from "@/app/_server/dashboard-route";
import { getDb } from "@/db/client";
import { countUnreadIncidents } from "@/lib/alerts/list-incidents";
import { SECTIONS } from "@/lib/auth/role-policy";

export const dynamic = "force-dynamic";

/** The header's badge: incidents nobody has marked read. */
export const GET = dashboardRoute(async ({ user }) => ({ unread: await countUnreadIncidents({ db: getDb(), companyId: user.companyId, dataset: "live" }) }), {
  roles: SECTIONS.alertInbox.roles,
  action: "see alerts",
});
