import { and, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import { dvirDefects, dvirs, users, type DefectResolution } from "@/db/schema";
import type { Executor } from "@/db/client";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { getDefect } from "./read-defects";
import { getDvir } from "./read-dvirs";

/** Who resolves: a mechanic (a dashboard user, an API key) or a driver, by id and name as they were then. */
export type Resolver = { type: "driver" | "mechanic"; id: string | null; name: string };

/** A resolver as given: named, or a user of the company by id (Samsara's `resolvedBy`, `authorId`). */
export type ResolverInput = Resolver | { userId: number; field: string };

/** The company's user `userId` as a mechanic resolver; 404 naming `field` for another company's or an unknown id. */
export const findMechanic = async ({ db, companyId, userId, field }: { db: Executor; companyId: number; userId: number; field: string }): Promise<Resolver> => {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!user) throw new AppError("not_found", `${field}: no user with id ${userId}.`);
  return { type: "mechanic", id: String(user.id), name: user.name };
};

const toResolver = (tx: Executor, companyId: number, resolver: ResolverInput) =>
  "userId" in resolver ? findMechanic({ db: tx, companyId, userId: resolver.userId, field: resolver.field }) : resolver;

/**
 * Marks the reports whose defects are now all resolved as resolved (Samsara's safetyStatus
 * `resolved`): the carrier's certification of 49 CFR 396.11(a)(3) is complete for them.
 */
const resolveFinishedDvirs = async ({ tx, tenant, dvirIds, now }: { tx: Executor; tenant: Tenant; dvirIds: number[]; now: Date }) => {
  if (dvirIds.length === 0) return;
  const open = tx
    .select({ id: dvirDefects.id })
    .from(dvirDefects)
    .where(and(eq(dvirDefects.companyId, tenant.companyId), eq(dvirDefects.dvirId, dvirs.id), eq(dvirDefects.isResolved, false)));
  await tx
    .update(dvirs)
    .set({ resolvedAt: now, updatedAt: now })
    .where(and(whereTenant(dvirs, tenant), inArray(dvirs.id, dvirIds), isNull(dvirs.resolvedAt), notExists(open)));
};

/**
 * Resolves open defects in the caller's transaction: each of `defectIds` must be the tenant's (404)
 * and, when `vehicleId` is given, that vehicle's (400). Already resolved ones are left as they were.
 */
export const resolveDefectsIn = async ({
  tx,
  tenant,
  defectIds,
  vehicleId,
  resolution,
  resolver,
  mechanicNotes,
  resolvedAt,
  now,
  actor,
}: {
  tx: Executor;
  tenant: Tenant;
  defectIds: number[];
  vehicleId?: number;
  resolution: DefectResolution;
  resolver: Resolver;
  mechanicNotes?: string;
  resolvedAt: Date;
  now: Date;
  actor: AuditActor;
}) => {
  if (defectIds.length === 0) return;
  const found = await tx
    .select({ id: dvirDefects.id, dvirId: dvirDefects.dvirId, vehicleId: dvirDefects.vehicleId, isResolved: dvirDefects.isResolved })
    .from(dvirDefects)
    .where(and(whereTenant(dvirDefects, tenant), inArray(dvirDefects.id, defectIds)))
    .for("update");
  const missing = defectIds.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw new AppError("not_found", `No defect with id ${missing}.`);
  const other = found.find((row) => vehicleId !== undefined && row.vehicleId !== vehicleId);
  if (other) throw new AppError("bad_request", `resolvedDefectIds: defect ${other.id} is not this vehicle's.`);
  const open = found.filter((row) => !row.isResolved);
  if (open.length === 0) return;
  await tx
    .update(dvirDefects)
    .set({
      isResolved: true,
      resolution,
      resolvedAt,
      resolvedByType: resolver.type,
      resolvedById: resolver.id,
      resolvedByName: resolver.name,
      ...(mechanicNotes === undefined ? {} : { mechanicNotes }),
      updatedAt: now,
    })
    .where(
      and(
        whereTenant(dvirDefects, tenant),
        inArray(
          dvirDefects.id,
          open.map((row) => row.id),
        ),
      ),
    );
  for (const row of open)
    await recordAuditEvent({
      db: tx,
      companyId: tenant.companyId,
      actor,
      action: "dvir_defect.resolved",
      target: { type: "dvir_defect", id: row.id },
      changes: { resolution: { before: null, after: resolution }, resolvedBy: { before: null, after: resolver.name } },
    });
  await resolveFinishedDvirs({ tx, tenant, dvirIds: [...new Set(open.map((row) => row.dvirId))], now });
};

/**
 * Resolves one defect (repaired, or no repair needed) or only sets its mechanic's notes; a resolved
 * defect stays resolved as it was (a retried request changes nothing). 404 for another tenant's.
 */
export const resolveDefect = async ({
  db,
  companyId,
  dataset,
  defectId,
  resolve,
  resolution = "repaired",
  resolver,
  mechanicNotes,
  resolvedAt,
  actor,
}: TenantQuery & {
  defectId: number;
  resolve: boolean;
  resolution?: DefectResolution;
  resolver: ResolverInput;
  mechanicNotes?: string;
  resolvedAt?: Date;
  actor: AuditActor;
}) => {
  const tenant = { companyId, dataset };
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({ isResolved: dvirDefects.isResolved })
      .from(dvirDefects)
      .where(and(whereTenant(dvirDefects, tenant), eq(dvirDefects.id, defectId)))
      .for("update");
    if (!row) throw new AppError("not_found", `No defect with id ${defectId}.`);
    const by = await toResolver(tx, companyId, resolver);
    if (resolve && !row.isResolved)
      await resolveDefectsIn({ tx, tenant, defectIds: [defectId], resolution, resolver: by, mechanicNotes, resolvedAt: resolvedAt ?? now, now, actor });
    else if (mechanicNotes !== undefined)
      await tx
        .update(dvirDefects)
        .set({ mechanicNotes, updatedAt: now })
        .where(and(whereTenant(dvirDefects, tenant), eq(dvirDefects.id, defectId)));
  });
  return getDefect({ db, companyId, dataset, defectId });
};

/** Resolves a whole report (Samsara's PATCH /fleet/dvirs/{id}): every open defect of it, and the report itself. */
export const resolveDvir = async ({
  db,
  companyId,
  dataset,
  dvirId,
  resolver,
  mechanicNotes,
  signedAt,
  actor,
}: TenantQuery & { dvirId: number; resolver: ResolverInput; mechanicNotes?: string; signedAt?: Date; actor: AuditActor }) => {
  const tenant = { companyId, dataset };
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({ resolvedAt: dvirs.resolvedAt })
      .from(dvirs)
      .where(and(whereTenant(dvirs, tenant), eq(dvirs.id, dvirId)))
      .for("update");
    if (!row) throw new AppError("not_found", `No DVIR with id ${dvirId}.`);
    const by = await toResolver(tx, companyId, resolver);
    const open = await tx
      .select({ id: dvirDefects.id })
      .from(dvirDefects)
      .where(and(whereTenant(dvirDefects, tenant), eq(dvirDefects.dvirId, dvirId), eq(dvirDefects.isResolved, false)));
    await resolveDefectsIn({
      tx,
      tenant,
      defectIds: open.map((defect) => defect.id),
      resolution: "repaired",
      resolver: by,
      resolvedAt: signedAt ?? now,
      now,
      actor,
    });
    if (row.resolvedAt && mechanicNotes === undefined) return;
    await tx
      .update(dvirs)
      .set({
        resolvedAt: sql`coalesce(${dvirs.resolvedAt}, ${(signedAt ?? now).toISOString()}::timestamptz)`,
        updatedAt: now,
        ...(mechanicNotes === undefined ? {} : { mechanicNotes }),
      })
      .where(and(whereTenant(dvirs, tenant), eq(dvirs.id, dvirId)));
    if (!row.resolvedAt)
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "dvir.resolved",
        target: { type: "dvir", id: dvirId },
        changes: { resolvedBy: { before: null, after: by.name } },
      });
  });
  return getDvir({ db, companyId, dataset, dvirId });
};
