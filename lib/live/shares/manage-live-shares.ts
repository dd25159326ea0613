import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { liveShares } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import { generateShareToken, hashShareToken, shareTokenStart } from "./share-token";

export type LiveShareRow = typeof liveShares.$inferSelect;

export type LiveShareInput = { name: string; description?: string; vehicleId: number; expiresAt?: Date | null };

type Audited = { actor: AuditActor; now?: Date };

/** Links that still work at `now`: not revoked, not expired. */
const open = ({ companyId, dataset }: Omit<TenantQuery, "db">, now: Date, id?: number) =>
  and(
    whereTenant(liveShares, { companyId, dataset }),
    isNull(liveShares.revokedAt),
    or(isNull(liveShares.expiresAt), gt(liveShares.expiresAt, now)),
    id === undefined ? undefined : eq(liveShares.id, id),
  );

const assertFuture = (expiresAt: Date | null | undefined, now: Date) => {
  if (expiresAt && expiresAt <= now) throw new AppError("bad_request", "expiresAtTime must be in the future.");
};

const audited = (row: Partial<LiveShareRow>) => ({
  name: row.name,
  description: row.description,
  vehicleId: row.vehicleId,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/**
 * Shares one of the tenant's vehicles (404 for another tenant's); the link works from now until it
 * expires or is revoked. The token is returned this once: only its hash and visible start are stored.
 */
export const createLiveShare = async ({
  db,
  companyId,
  dataset,
  input,
  actor,
  now = new Date(),
}: TenantQuery & Audited & { input: LiveShareInput }): Promise<LiveShareRow & { token: string }> => {
  assertFuture(input.expiresAt, now);
  await getVehicle({ db, companyId, dataset, vehicleId: input.vehicleId });
  const token = generateShareToken(companyId);
  return db.transaction(async (tx) => {
    const values = {
      companyId,
      dataset,
      name: input.name,
      description: input.description ?? null,
      vehicleId: input.vehicleId,
      expiresAt: input.expiresAt ?? null,
      tokenHash: hashShareToken(token),
      tokenStart: shareTokenStart(token),
    };
    const [row] = await tx.insert(liveShares).values(values).returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "live_share.created",
      target: { type: "live_share", id: row.id },
      changes: changedFields({ before: null, after: audited(row) }),
    });
    return { ...row, token };
  });
};

/** The tenant's working links by id (keyset), optionally only `ids`. */
export const listLiveShares = ({
  db,
  companyId,
  dataset,
  ids,
  afterId,
  limit,
  now = new Date(),
}: TenantQuery & { ids?: number[]; afterId?: number; limit: number; now?: Date }) =>
  db
    .select()
    .from(liveShares)
    .where(
      and(open({ companyId, dataset }, now), ids ? inArray(liveShares.id, ids) : undefined, afterId === undefined ? undefined : gt(liveShares.id, afterId)),
    )
    .orderBy(asc(liveShares.id))
    .limit(limit);

/** Renames a working link or moves its expiry; 404 for another tenant's, a revoked or an expired one. */
export const updateLiveShare = async ({
  db,
  companyId,
  dataset,
  shareId,
  input,
  actor,
  now = new Date(),
}: TenantQuery & Audited & { shareId: number; input: Partial<Pick<LiveShareInput, "name" | "description" | "expiresAt">> }) => {
  assertFuture(input.expiresAt, now);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(liveShares)
      .where(open({ companyId, dataset }, now, shareId))
      .for("update");
    if (!before) throw new AppError("not_found", `No live sharing link with id ${shareId}.`);
    const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (Object.keys(fields).length === 0) return before;
    const [row] = await tx
      .update(liveShares)
      .set(fields)
      .where(and(whereTenant(liveShares, { companyId, dataset }), eq(liveShares.id, shareId)))
      .returning();
    const changes = changedFields({ before: audited(before), after: audited(row) });
    if (Object.keys(changes).length > 0)
      await recordAuditEvent({ db: tx, companyId, actor, action: "live_share.updated", target: { type: "live_share", id: shareId }, changes });
    return row;
  });
};

/** Revokes a link: its page and any open stream of it stop within seconds (lib/live/shares/shared-position.ts). */
export const revokeLiveShare = ({ db, companyId, dataset, shareId, actor, now = new Date() }: TenantQuery & Audited & { shareId: number }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveShares)
      .set({ revokedAt: now })
      .where(open({ companyId, dataset }, now, shareId))
      .returning({ id: liveShares.id, name: liveShares.name });
    if (!row) throw new AppError("not_found", `No live sharing link with id ${shareId}.`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "live_share.revoked",
      target: { type: "live_share", id: shareId },
      changes: { name: { before: row.name, after: null } },
    });
  });
