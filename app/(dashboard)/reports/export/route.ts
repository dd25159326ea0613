import { companySettings } from "@/app/_server/company-settings";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { AppError } from "@/lib/errors";
import { buildReport } from "@/lib/reports/build-report";
import { reportToCsv, reportToXlsx } from "@/lib/reports/export-report";
import { parseReportParams } from "@/lib/reports/report-params";

export const dynamic = "force-dynamic";

/** The report the page shows, every row, as CSV or an Excel workbook. */
export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const search = new URL(request.url).searchParams;
    const format = search.get("format") ?? "csv";
    if (format !== "csv" && format !== "xlsx") throw new AppError("bad_request", '"format" must be csv or xlsx.');
    // As the page receives them from Next: one value as a string, a repeated key as a list.
    const values = Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key).length === 1 ? search.get(key)! : search.getAll(key)]));
    const params = parseReportParams({ params: values, timeZone, now: new Date() });
    const report = await buildReport({ db, tenant: { companyId: user.companyId, dataset: "live" }, params, timeZone });
    const name = `${params.kind}-${params.from}-${params.to}`;
    const body = format === "csv" ? reportToCsv(report, timeZone) : new Uint8Array(await reportToXlsx(report, timeZone));
    return new Response(body, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename="${name}.${format}"`,
        "Cache-Control": "no-store",
      },
    });
  },
  { roles: SECTIONS.reports.roles, action: "export a report" },
);
