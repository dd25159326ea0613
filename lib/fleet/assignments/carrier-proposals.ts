import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { carrierProposedAssignments as proposals, drivers, vehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { lockVehicleAndDriver } from "./assignment-rules";
import { assignFromNow } from "./save-assignment";

type Ref = { id: number; name: string; externalIds: Record<string, string> };
/** A proposal with its driver's and vehicle's names and external ids. */
export type ProposalRow = typeof proposals.$inferSelect & { driver: Ref; vehicle: Ref };

export type NewProposal = { driverId: number; vehicleId: number; activeTime: Date; trailerNames: string[]; shippingDocs: string | null };

const selectProposals = async ({ db, companyId, conditions, limit }: { db: Executor; companyId: number; conditions: (SQL | undefined)[]; limit: number }) => {
  const rows = await db
    .select({
      proposal: proposals,
      driver: { id: drivers.id, name: drivers.name, externalIds: drivers.externalIds },
      vehicle: { id: vehicles.id, name: vehicles.name, externalIds: vehicles.externalIds },
    })
    .from(proposals)
    .innerJoin(drivers, and(eq(drivers.companyId, proposals.companyId), eq(drivers.id, proposals.driverId)))
    .innerJoin(vehicles, and(eq(vehicles.companyId, proposals.companyId), eq(vehicles.id, proposals.vehicleId)))
    .where(and(...conditions, sql`${drivers.companyId} = ${companyId}`, sql`${vehicles.companyId} = ${companyId}`))
    .orderBy(asc(proposals.id))
    .limit(limit);
  return rows.map(({ proposal, driver, vehicle }): ProposalRow => ({ ...proposal, driver, vehicle }));
};

/** Not yet accepted or rejected. */
const pending = () => and(isNull(proposals.acceptedAt), isNull(proposals.rejectedAt));

/**
 * Proposes a vehicle to a driver from `activeTime`: 404 for a driver or vehicle outside the tenant.
 * A driver has one pending proposal at most (Samsara: "each driver can only have one future
 * assignment"): a new one replaces the pending one. Audited as `carrier_proposal.created`.
 */
export const createProposal = ({ db, companyId, dataset, input, actor }: TenantQuery & { input: NewProposal; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    await lockVehicleAndDriver(tx, tenant, input);
    await tx.delete(proposals).where(and(whereTenant(proposals, tenant), eq(proposals.driverId, input.driverId), pending()));
    const [row] = await tx
      .insert(proposals)
      .values({ ...tenant, ...input })
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "carrier_proposal.created",
      target: { type: "carrier_proposal", id: row.id },
      changes: changedFields({ before: null, after: { driverId: input.driverId, vehicleId: input.vehicleId, activeTime: input.activeTime } }),
    });
    const [created] = await selectProposals({ db: tx, companyId, conditions: [whereTenant(proposals, tenant), eq(proposals.id, row.id)], limit: 1 });
    return created;
  });

/**
 * Samsara's list: the proposals active at `activeAt` (their activeTime not after it) and not accepted
 * (an accepted one is an assignment now), rejected ones included with their time; optionally of some
 * drivers; in id order after `afterId`.
 */
export const listProposals = ({
  db,
  companyId,
  dataset,
  activeAt,
  driverIds,
  afterId,
  limit,
}: TenantQuery & { activeAt: Date; driverIds?: readonly number[]; afterId?: number; limit: number }) =>
  selectProposals({
    db,
    companyId,
    conditions: [
      whereTenant(proposals, { companyId, dataset }),
      lte(proposals.activeTime, activeAt),
      isNull(proposals.acceptedAt),
      driverIds ? inArray(proposals.driverId, driverIds.length > 0 ? [...driverIds] : [-1]) : undefined,
      afterId === undefined ? undefined : gt(proposals.id, afterId),
    ],
    limit,
  });

/** The driver's pending, active proposal for their logbook (marked first seen now), or null. */
export const showDriverProposal = async ({ db, companyId, dataset, driverId, now }: TenantQuery & { driverId: number; now: Date }) => {
  const tenant = { companyId, dataset };
  const conditions = [whereTenant(proposals, tenant), eq(proposals.driverId, driverId), lte(proposals.activeTime, now), pending()];
  const [row] = await selectProposals({ db, companyId, conditions, limit: 1 });
  if (!row) return null;
  if (row.firstSeenAt === null) {
    await db
      .update(proposals)
      .set({ firstSeenAt: now })
      .where(and(whereTenant(proposals, tenant), eq(proposals.id, row.id), isNull(proposals.firstSeenAt)));
    return { ...row, firstSeenAt: now };
  }
  return row;
};

/**
 * The driver's answer to their pending proposal: accepted, the driver is assigned to the vehicle from
 * now (their running assignment ends; 409 when another driver has the vehicle); rejected, nothing else
 * changes. 404 when it is not theirs or no longer pending. Audited as `carrier_proposal.accepted` or
 * `.rejected`.
 */
export const answerProposal = ({
  db,
  companyId,
  dataset,
  driverId,
  proposalId,
  accept,
  actor,
  now = new Date(),
}: TenantQuery & { driverId: number; proposalId: number; accept: boolean; actor: AuditActor; now?: Date }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const [row] = await tx
      .select()
      .from(proposals)
      .where(and(whereTenant(proposals, tenant), eq(proposals.id, proposalId), eq(proposals.driverId, driverId), pending()))
      .for("update");
    if (!row) throw new AppError("not_found", "This proposal is no longer waiting for your answer.");
    if (accept) await assignFromNow({ db: tx, ...tenant, driverId, vehicleId: row.vehicleId, handOver: "driver", actor, now });
    await tx
      .update(proposals)
      .set(accept ? { acceptedAt: now } : { rejectedAt: now })
      .where(and(whereTenant(proposals, tenant), eq(proposals.id, proposalId)));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: accept ? "carrier_proposal.accepted" : "carrier_proposal.rejected",
      target: { type: "carrier_proposal", id: proposalId },
    });
  });
