import { companySettings } from "@/app/_server/company-settings";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import { SECTIONS } from "@/lib/auth/role-policy";
import { AppError } from "@/lib/errors";
import { downloadReport, REPORT_FORMATS, type ReportFormat } from "@/lib/reports/download-report";
import { parseReportParams } from "@/lib/reports/report-params";

export const dynamic = "force-dynamic";

/** The report the page shows, every row, as CSV or an Excel workbook, streamed; a few at a time per company and user (429 beyond). */
export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const search = new URL(request.url).searchParams;
    const format = search.get("format") ?? "csv";
    if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new AppError("bad_request", '"format" must be csv or xlsx.');
    // As the page receives them from Next: one value as a string, a repeated key as a list.
    const values = Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key).length === 1 ? search.get(key)! : search.getAll(key)]));
    const params = parseReportParams({ params: values, timeZone, now: new Date() });
    const download = await downloadReport({ db, tenant: { companyId: user.companyId, dataset: "live" }, userId: user.id, params, timeZone, format: format as ReportFormat });
    return new Response(download.body, {
      headers: { "Content-Type": download.contentType, "Content-Disposition": `attachment; filename="${download.filename}"`, "Cache-Control": "no-store" },
    });
  },
  { roles: SECTIONS.reports.roles, action: "export a report" },
);
