import type { Executor } from "@/db/client";
import { holdHeavyRequest, releaseWhenDone } from "@/lib/platform/rate-limit";
import type { Tenant } from "@/lib/platform/tenant";
import { buildReport } from "./build-report";
import { streamReportCsv, streamReportXlsx } from "./export-report";
import type { ReportParams } from "./report-params";

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * A report as a download, built and sent as a heavy request: capped per company and per user (429
 * with Retry-After beyond), the place held until the download has been sent or abandoned.
 */
export const downloadReport = async ({
  db,
  tenant,
  userId,
  params,
  timeZone,
  format,
}: {
  db: Executor;
  tenant: Tenant;
  userId: number;
  params: ReportParams;
  timeZone: string;
  format: ReportFormat;
}) => {
  const release = holdHeavyRequest({ companyId: tenant.companyId, holder: `user:${userId}` });
  try {
    const report = await buildReport({ db, tenant, params, timeZone });
    const body = format === "csv" ? streamReportCsv(report, timeZone) : await streamReportXlsx(report, timeZone);
    return { body: releaseWhenDone(body, release), contentType: CONTENT_TYPES[format], filename: `${params.kind}-${params.from}-${params.to}.${format}` };
  } catch (error) {
    release();
    throw error;
  }
};
