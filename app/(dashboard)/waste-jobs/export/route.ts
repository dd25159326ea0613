import { companySettings } from "@/app/_server/company-settings";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import { ACTIONS } from "@/lib/auth/role-policy";
import { streamWasteJobsCsv } from "@/lib/dashboard/stream-waste-jobs-csv";
import { parseWasteJobFilters } from "@/lib/dashboard/waste-job-filters";
import { dayInZone } from "@/lib/time-zone/zoned-time";

export const dynamic = "force-dynamic";

/** CSV of every waste job matching the page's filters; same roles and module as the page. */
export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const now = new Date();
    const { query } = parseWasteJobFilters({ params: Object.fromEntries(new URL(request.url).searchParams), timeZone, now });
    const day = dayInZone(now, timeZone);
    return new Response(streamWasteJobsCsv({ db, companyId: user.companyId, dataset: "live", timeZone, ...query }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="waste-jobs-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
  { roles: ACTIONS.exportWasteJobs, module: "Waste", action: "export waste jobs" },
);
