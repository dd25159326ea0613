import { and, asc, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { eldEvents, hosCertifications, hosLogEdits, hosLogs, unassignedDriving, type EldRecordOrigin, type EldRecordStatus } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { DUTY_CODE, dutyStatusEventDrafts } from "./duty-status-events";
import { recordEldEvents, type EldEventDraft } from "./record-eld-events";

/** Every tenant (company and dataset) with a log entry, a certification or an unassigned drive. */
const tenantsWithRecords = async (db: Database): Promise<Tenant[]> => {
  const rows = await queryRows<{ company_id: number; dataset: Tenant["dataset"] }>(
    db,
    sql`select company_id, dataset from hos_logs union select company_id, dataset from hos_certifications
      union select company_id, dataset from unassigned_driving order by 1, 2`,
  );
  return rows.map((row) => ({ companyId: Number(row.company_id), dataset: row.dataset }));
};

/** The drafts of one tenant's HOS history that has no ELD record yet (records made since migration 0046 are left as they are). */
const draftsOf = async (db: Executor, tenant: Tenant): Promise<EldEventDraft[]> => {
  const recorded = await db
    .select({
      hosLogId: eldEvents.hosLogId,
      logEditId: eldEvents.logEditId,
      unassignedId: eldEvents.unassignedId,
      certified: eldEvents.certifiedDate,
      driverId: eldEvents.driverId,
    })
    .from(eldEvents)
    .where(whereTenant(eldEvents, tenant));
  const has = (pick: (row: (typeof recorded)[number]) => unknown) => new Set(recorded.map(pick).filter((value) => value !== null));
  const [logIds, editIds, unassignedIds, certified] = [
    has((r) => r.hosLogId),
    has((r) => r.logEditId),
    has((r) => r.unassignedId),
    has((r) => `${r.driverId}:${r.certified}`),
  ];
  const logs = await db
    .select()
    .from(hosLogs)
    .where(and(whereTenant(hosLogs, tenant), ne(hosLogs.origin, "simulator")))
    .orderBy(asc(hosLogs.driverId), asc(hosLogs.startTime));
  const edits = await db.select().from(hosLogEdits).where(whereTenant(hosLogEdits, tenant));
  const segments = await db.select().from(unassignedDriving).where(whereTenant(unassignedDriving, tenant));
  const certifications = await db.select().from(hosCertifications).where(whereTenant(hosCertifications, tenant));
  const drafts: EldEventDraft[] = [];
  logs.forEach((entry, index) => {
    if (logIds.has(entry.id)) return;
    const previous = logs[index - 1]?.driverId === entry.driverId ? logs[index - 1].status : null;
    const edit = edits.find(
      (e) => e.state === "accepted" && e.driverId === entry.driverId && e.startTime.getTime() === entry.startTime.getTime() && e.status === entry.status,
    );
    const assumed = segments.some((s) => s.status === "accepted" && s.driverId === entry.driverId && s.startTime.getTime() === entry.startTime.getTime());
    const origin: EldRecordOrigin = edit ? "otherUser" : assumed ? "unidentified" : entry.origin === "manual" ? "driver" : "automatic";
    const editedBy = edit ? { id: edit.proposedById, name: edit.proposedByName } : null;
    drafts.push(...dutyStatusEventDrafts({ entry, previousStatus: previous, origin, editedBy }));
  });
  for (const edit of edits.filter((e) => !editIds.has(e.id))) {
    const editedBy = { id: edit.proposedById, name: edit.proposedByName };
    if (edit.state !== "accepted") {
      const status = edit.state === "pending" ? "changeRequested" : "changeRejected";
      drafts.push({
        driverId: edit.driverId,
        vehicleId: null,
        type: 1,
        code: DUTY_CODE[edit.status],
        at: edit.startTime,
        origin: "otherUser",
        status,
        position: null,
        comment: edit.reason,
        editedBy,
        logEditId: edit.id,
      });
      continue;
    }
    for (const entry of edit.superseded) {
      const origin: EldRecordOrigin = entry.origin === "manual" ? "driver" : "automatic";
      drafts.push({
        driverId: edit.driverId,
        vehicleId: null,
        type: 1,
        code: DUTY_CODE[entry.status],
        at: new Date(entry.startTime),
        origin,
        status: "inactiveChanged",
        position: null,
        comment: entry.remark,
        logEditId: edit.id,
      });
    }
  }
  for (const segment of segments.filter((s) => !unassignedIds.has(s.id))) {
    const status: EldRecordStatus = segment.status === "accepted" ? "inactiveChanged" : "active";
    const common = { driverId: null, vehicleId: segment.vehicleId, type: 1 as const, origin: "automatic" as const, status, unassignedId: segment.id };
    drafts.push({ ...common, code: 3, at: segment.startTime, position: { latitude: segment.startLatitude, longitude: segment.startLongitude } });
    if (segment.closed) drafts.push({ ...common, code: 4, at: segment.endTime, position: { latitude: segment.endLatitude, longitude: segment.endLongitude } });
  }
  for (const certification of certifications.filter((c) => !certified.has(`${c.driverId}:${c.logDate}`))) {
    drafts.push({
      driverId: certification.driverId,
      vehicleId: null,
      type: 4,
      code: 1,
      at: certification.certifiedAt,
      origin: "driver",
      position: null,
      certifiedDate: certification.logDate,
    });
  }
  // Sequence ids in the order the events happened, as the ELD would have numbered them.
  return drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
};

/**
 * Records the ELD events of the HOS history written before the service stored them (migration 0046): the log
 * entries (origins as the output file derived them), the entries accepted edits replaced (inactive-changed), pending
 * and rejected edits, unassigned drives and certifications. One transaction per tenant; run again, it adds nothing.
 * The simulator's drivers' entries are not an ELD's and stay without records. Returns how many it recorded.
 */
export const backfillEldEvents = async ({ db }: { db: Database }) => {
  let recorded = 0;
  for (const tenant of await tenantsWithRecords(db)) {
    recorded += await db.transaction(async (tx) => {
      const drafts = await draftsOf(tx, tenant);
      return (await recordEldEvents({ db: tx, ...tenant, drafts })).length;
    });
  }
  return recorded;
};
