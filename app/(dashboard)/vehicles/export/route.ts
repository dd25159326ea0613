import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { parseVehicleListParams } from "@/lib/dashboard/vehicle-list-params";
import { resolveTagFilter } from "@/lib/tags/resolve-tag-filter";
import { exportVehiclesCsv } from "@/lib/vehicles/export-vehicles-csv";

export const dynamic = "force-dynamic";

/** The Vehicles page's list (its tag and status filters; every page) as the vehicle CSV, which imports back. */
export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const params = parseVehicleListParams(Object.fromEntries(new URL(request.url).searchParams));
    const tenant = { db, companyId: user.companyId, dataset: "live" as const };
    const tagIds = await resolveTagFilter({ ...tenant, parentTagIds: params.tag ? [params.tag] : undefined });
    const csv = await exportVehiclesCsv({ ...tenant, tagIds, archive: params.status === "archived" ? "archived" : "active" });
    return new Response(csv, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="vehicles.csv"`, "Cache-Control": "no-store" },
    });
  },
  { roles: SECTIONS.vehicles.roles, action: "export vehicles" },
);
