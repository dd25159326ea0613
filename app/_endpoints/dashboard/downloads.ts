import { companySettings } from "@/app/_server/company-settings";
import { parseAuditLogParams } from "@/lib/platform/audit";
import { ACTIONS, SECTIONS } from "@/lib/access/auth/role-policy";
import { streamAuditEventsCsv } from "@/lib/dashboard/view/stream-audit-events-csv";
import { parseVehicleListParams } from "@/lib/dashboard/view/vehicle-list-params";
import { streamWasteJobsCsv } from "@/lib/dashboard/view/stream-waste-jobs-csv";
import { parseWasteJobFilters } from "@/lib/dashboard/view/waste-job-filters";
import { AppError } from "@/lib/platform/errors";
import { downloadReport, REPORT_FORMATS, type ReportFormat } from "@/lib/reports/download-report";
import { parseReportParams } from "@/lib/reports/report-params";
import { resolveTagFilter } from "@/lib/fleet/tags/resolve-tag-filter";
import { dayInZone } from "@/lib/platform/zoned-time";
import { exportVehiclesCsv } from "@/lib/fleet/vehicles/export-vehicles-csv";
import { exportEldFile } from "@/lib/hos/eld-file";
import { workOrdersCsv } from "@/lib/processing/maintenance";
import { userActor } from "@/lib/platform/audit";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { z } from "zod";
import { defineDashboardEndpoint } from "./define-dashboard-endpoint";

/** The downloads of the dashboard's pages: under the page's own path, read with the page's own filter parsers. */
const DASHBOARD = "(dashboard)";

/** A download's response: never cached, saved as `filename`. */
const download = (body: BodyInit, { contentType, filename }: { contentType: string; filename: string }) =>
  new Response(body, { headers: { "Content-Type": contentType, "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" } });

const CSV = "text/csv; charset=utf-8";

/** The page's search params as the page gets them. */
const searchParamsOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** The report the page shows, every row, streamed; a few at a time per company and user (429 beyond). */
export const reportExportEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: DASHBOARD,
  path: "/reports/export",
  summary: "A report as CSV or an Excel workbook",
  roles: SECTIONS.reports.roles,
  action: "export a report",
  run: async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const search = new URL(request.url).searchParams;
    const format = search.get("format") ?? "csv";
    if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new AppError("bad_request", '"format" must be csv or xlsx.');
    // As the page receives them from Next: one value as a string, a repeated key as a list.
    const values = Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key).length === 1 ? search.get(key)! : search.getAll(key)]));
    const params = parseReportParams({ params: values, timeZone, now: new Date() });
    const report = await downloadReport({
      db,
      tenant: { companyId: user.companyId, dataset: "live" },
      userId: user.id,
      params,
      timeZone,
      format: format as ReportFormat,
    });
    return download(report.body, report);
  },
});

/** Every audit event matching the page's filters (all pages, not only the one shown); admins only. */
export const auditLogExportEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: DASHBOARD,
  path: "/settings/audit-log/export",
  summary: "The audit log as CSV",
  roles: ACTIONS.exportAuditLog,
  action: "export the audit log",
  run: async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const now = new Date();
    const { filters } = parseAuditLogParams({ params: searchParamsOf(request), timeZone, now });
    return download(streamAuditEventsCsv({ db, companyId: user.companyId, filters, timeZone }), {
      contentType: CSV,
      filename: `audit-log-${dayInZone(now, timeZone)}.csv`,
    });
  },
});

/** The Vehicles page's list (its tag and status filters; every page) as the vehicle CSV, which imports back. */
export const vehiclesExportEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: DASHBOARD,
  path: "/vehicles/export",
  summary: "The vehicles as CSV",
  roles: SECTIONS.vehicles.roles,
  action: "export vehicles",
  run: async ({ request, db, user }) => {
    const params = parseVehicleListParams(searchParamsOf(request));
    const tenant = { db, companyId: user.companyId, dataset: "live" as const };
    const tagIds = await resolveTagFilter({ ...tenant, parentTagIds: params.tag ? [params.tag] : undefined });
    const csv = await exportVehiclesCsv({ ...tenant, tagIds, archive: params.status === "archived" ? "archived" : "active" });
    return download(csv, { contentType: CSV, filename: "vehicles.csv" });
  },
});

/** The work orders (one vehicle's service history with `vehicle`) as CSV; every role that sees the Maintenance page. */
export const workOrdersExportEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: DASHBOARD,
  path: "/maintenance/orders/export",
  summary: "The work orders as CSV",
  roles: SECTIONS.maintenance.roles,
  action: "export work orders",
  run: async ({ request, db, user }) => {
    const vehicle = new URL(request.url).searchParams.get("vehicle");
    if (vehicle !== null && !/^\d{1,9}$/.test(vehicle)) throw new AppError("bad_request", '"vehicle" must be a vehicle id.');
    const csv = await workOrdersCsv({ db, companyId: user.companyId, dataset: "live", vehicleId: vehicle === null ? undefined : Number(vehicle) });
    return download(csv, { contentType: CSV, filename: vehicle === null ? "work-orders.csv" : `work-orders-vehicle-${vehicle}.csv` });
  },
});

/** Every waste job matching the page's filters; same roles and module as the page. */
export const wasteJobsExportEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: DASHBOARD,
  path: "/waste-jobs/export",
  summary: "The waste jobs as CSV",
  roles: ACTIONS.exportWasteJobs,
  module: "Waste",
  action: "export waste jobs",
  run: async ({ request, db, user }) => {
    const { timeZone } = await companySettings(user.companyId);
    const now = new Date();
    const { query } = parseWasteJobFilters({ params: searchParamsOf(request), timeZone, now });
    return download(streamWasteJobsCsv({ db, companyId: user.companyId, dataset: "live", timeZone, ...query }), {
      contentType: CSV,
      filename: `waste-jobs-${dayInZone(now, timeZone)}.csv`,
    });
  },
});

/** The days of an ELD output file: YYYY-MM-DD, on the driver's calendar; a form's empty field is no day. */
const eldDay = z
  .union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")])
  .optional()
  .transform((value) => value || undefined);

/**
 * A driver's ELD output file (49 CFR 395 Appendix A 4.8.2) from the driver's HOS page: the current day
 * and the previous 7 by default, or `start`..`end` within six months, with an output file comment.
 * Those who manage HOS logs (admins and managers) only; every download is in the audit log.
 */
export const eldFileEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: DASHBOARD,
  path: "/hos/{driverId}/eld-file",
  summary: "A driver's ELD output file",
  params: z.object({ driverId: z.coerce.number().int().positive() }),
  query: z.object({ start: eldDay, end: eldDay, comment: z.string().max(60, "at most 60 characters").optional() }),
  roles: ACTIONS.manageHosLogs,
  action: "download a driver's ELD records",
  run: async ({ request, requestId, db, user, params, query }) => {
    const actor = userActor({ user, ip: request.headers.get(CLIENT_IP_HEADER), requestId });
    const file = await exportEldFile({
      db,
      companyId: user.companyId,
      dataset: "live",
      driverId: params.driverId,
      start: query.start,
      end: query.end,
      outputFileComment: query.comment ?? "",
      actor,
    });
    return download(file.text, { contentType: CSV, filename: file.fileName });
  },
});
