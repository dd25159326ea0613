import type { Executor } from "@/db/client";
import { eachAuditEvent, type AuditEvent, type AuditEventFilters } from "@/lib/platform/audit";
import { isoInZone } from "@/lib/platform/zoned-time";
import { toCsvHeader, toCsvRow, type CsvColumn } from "../../platform/csv";

/** Times in the company's zone with its offset: they read as local time and still parse exactly. */
const auditEventCsvColumns = (timeZone: string): CsvColumn<AuditEvent>[] => [
  { header: "occurredAt", value: (event) => isoInZone(event.occurredAt, timeZone) },
  { header: "actorType", value: (event) => event.actorType },
  { header: "actorId", value: (event) => event.actorId },
  { header: "actorName", value: (event) => event.actorName },
  { header: "actorIp", value: (event) => event.actorIp },
  { header: "action", value: (event) => event.action },
  { header: "targetType", value: (event) => event.targetType },
  { header: "targetId", value: (event) => event.targetId },
  { header: "changes", value: (event) => JSON.stringify(event.changes) },
  { header: "reason", value: (event) => event.reason },
  { header: "requestId", value: (event) => event.requestId },
];

/** Every audit event matching the filters as CSV, newest first, read a page at a time so a large export never sits in memory whole. */
export const streamAuditEventsCsv = ({
  db,
  companyId,
  filters,
  timeZone,
}: {
  db: Executor;
  companyId: number;
  filters: AuditEventFilters;
  timeZone: string;
}): ReadableStream<Uint8Array> => {
  const columns = auditEventCsvColumns(timeZone);
  const encoder = new TextEncoder();
  const events = eachAuditEvent({ db, companyId, filters });
  return new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode(toCsvHeader(columns))),
    pull: async (controller) => {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(toCsvRow(columns.map((column) => column.value(next.value)))));
    },
  });
};
