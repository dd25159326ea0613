import { z } from "zod";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import { getDb } from "@/db/client";
import { listInboxIncidents } from "@/lib/alerts/list-incidents";
import { SECTIONS } from "@/lib/auth/role-policy";
import { parseQuery } from "@/lib/http";

export const dynamic = "force-dynamic";

const querySchema = z.object({ filter: z.enum(["open", "closed", "unread", "all"]).default("all") });

/** The alerts inbox, newest first (this service's own incidents: the dashboard reads its database). */
export const GET = dashboardRoute(
  async ({ request, user }) => {
    const { filter } = parseQuery(request, querySchema);
    return { incidents: await listInboxIncidents({ db: getDb(), companyId: user.companyId, dataset: "live", filter, limit: 200 }) };
  },
  { roles: SECTIONS.alertInbox.roles, action: "see alerts" },
);
