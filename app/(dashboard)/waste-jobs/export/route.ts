import { dashboardRoute } from "@/app/_server/dashboard-route";
import { rolesFor } from "@/components/shell/nav-sections";
import { streamWasteJobsCsv } from "@/lib/dashboard/stream-waste-jobs-csv";
import { parseWasteJobFilters } from "@/lib/dashboard/waste-job-filters";

export const dynamic = "force-dynamic";

/** CSV of every waste job matching the page's filters; same roles and module as the page. */
export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const { query } = parseWasteJobFilters(Object.fromEntries(new URL(request.url).searchParams));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(streamWasteJobsCsv({ db, companyId: user.companyId, dataset: "live", ...query }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="waste-jobs-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
  { roles: rolesFor("/waste-jobs"), module: "Waste", action: "export waste jobs" },
);
