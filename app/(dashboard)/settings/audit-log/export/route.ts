import { companySettings } from "@/app/_server/company-settings";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import { parseAuditLogParams } from "@/lib/audit";
import { ACTIONS } from "@/lib/auth/role-policy";
import { streamAuditEventsCsv } from "@/lib/dashboard/stream-audit-events-csv";
import { dayInZone } from "@/lib/time-zone/zoned-time";

export const dynamic = "force-dynamic";

/** CSV of every audit event matching the page's filters (all pages, not only the one shown); admins only. */
export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const now = new Date();
    const { filters } = parseAuditLogParams({ params: Object.fromEntries(new URL(request.url).searchParams), timeZone, now });
    return new Response(streamAuditEventsCsv({ db, companyId: user.companyId, filters, timeZone }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audit-log-${dayInZone(now, timeZone)}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
  { roles: ACTIONS.exportAuditLog, action: "export the audit log" },
);
