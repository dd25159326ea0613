import { and, asc, eq, gte, inArray, isNotNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies, dvirDefectPhotos, dvirDefects, dvirs } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import type { BlobStore } from "@/lib/platform/blob-store";

/** Reports deleted in one transaction: a bounded lock and a bounded photo removal. */
const BATCH = 500;

const RETENTION_ACTOR: AuditActor = { type: "system", id: null, name: "Inspection report retention", ip: null, requestId: null };

/** `months` calendar months before `now` (UTC); a day the month lacks is its last day (31 May less 3 months: 28 or 29 February). */
export const monthsBefore = (now: Date, months: number) => {
  const first = new Date(now);
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return first;
};

/**
 * Deletes one batch of the company's expired reports, in one transaction: reports submitted and last
 * changed (resolved, reviewed) before `cutoff` whose defects are all resolved and were last changed
 * before it too, with their defects, their photos' rows and their photos' bytes. The bytes go before
 * the commit: a store that fails rolls the batch back, so no photo outlives its row (a removal is
 * idempotent, the next run redoes it). The conditions are in the DELETE itself, so a defect
 * resolved meanwhile (its `updated_at` now) keeps its report.
 */
const purgeBatch = ({ db, companyId, cutoff, store, batchSize }: { db: Executor; companyId: number; cutoff: Date; store: BlobStore; batchSize: number }) =>
  db.transaction(async (tx) => {
    const openOrRecent = tx
      .select({ one: sql`1` })
      .from(dvirDefects)
      .where(
        and(eq(dvirDefects.companyId, companyId), eq(dvirDefects.dvirId, dvirs.id), or(eq(dvirDefects.isResolved, false), gte(dvirDefects.updatedAt, cutoff))),
      );
    const expired = tx
      .select({ id: dvirs.id })
      .from(dvirs)
      .where(and(eq(dvirs.companyId, companyId), lt(dvirs.submittedAt, cutoff), lt(dvirs.updatedAt, cutoff), notExists(openOrRecent)))
      .orderBy(asc(dvirs.submittedAt))
      .limit(batchSize);
    const deleted = await tx
      .delete(dvirs)
      .where(and(eq(dvirs.companyId, companyId), inArray(dvirs.id, expired)))
      .returning({ id: dvirs.id });
    if (deleted.length === 0) return { dvirs: 0, defects: 0, photos: 0 };
    const ids = deleted.map((row) => row.id).sort((a, b) => a - b);
    const defects = await tx
      .delete(dvirDefects)
      .where(and(eq(dvirDefects.companyId, companyId), inArray(dvirDefects.dvirId, ids)))
      .returning({ id: dvirDefects.id });
    const photos = await tx
      .delete(dvirDefectPhotos)
      .where(and(eq(dvirDefectPhotos.companyId, companyId), inArray(dvirDefectPhotos.dvirId, ids)))
      .returning({ storageKey: dvirDefectPhotos.storageKey });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor: RETENTION_ACTOR,
      action: "dvir.deleted",
      target: { type: "dvir", id: ids.length === 1 ? ids[0] : `${ids[0]}-${ids.at(-1)}` },
      changes: { dvirIds: { before: ids, after: null }, submittedBefore: { before: null, after: cutoff.toISOString() } },
    });
    await store.remove(photos.map((photo) => photo.storageKey));
    return { dvirs: ids.length, defects: defects.length, photos: photos.length };
  });

export type PurgedDvirs = { companyId: number; dvirs: number; defects: number; photos: number };

/**
 * The daily retention of inspection reports: for each company that does not keep them forever, deletes
 * the reports older than its `dvir_retention_months` (docs/decisions.md "Inspection report
 * retention"), batch by batch. Never a report with an open defect: an unrepaired defect is still the
 * vehicle's. Answers what it deleted, per company that lost something.
 */
export const purgeExpiredDvirs = async ({
  db,
  store,
  now = new Date(),
  batchSize = BATCH,
}: {
  db: Executor;
  store: BlobStore;
  now?: Date;
  batchSize?: number;
}): Promise<PurgedDvirs[]> => {
  const settings = await db
    .select({ companyId: companies.id, months: companies.dvirRetentionMonths })
    .from(companies)
    .where(isNotNull(companies.dvirRetentionMonths))
    .orderBy(asc(companies.id));
  const purged: PurgedDvirs[] = [];
  for (const { companyId, months } of settings) {
    const cutoff = monthsBefore(now, months ?? 0);
    const total = { companyId, dvirs: 0, defects: 0, photos: 0 };
    for (;;) {
      const batch = await purgeBatch({ db, companyId, cutoff, store, batchSize });
      total.dvirs += batch.dvirs;
      total.defects += batch.defects;
      total.photos += batch.photos;
      if (batch.dvirs < batchSize) break;
    }
    if (total.dvirs > 0) purged.push(total);
  }
  return purged;
};
