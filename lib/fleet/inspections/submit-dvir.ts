import { and, eq } from "drizzle-orm";
import { dvirDefects, dvirs, type DvirType, type SafetyStatus } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { getVehicle } from "../vehicles/get-vehicle";
import { findCoupledTrailerNames } from "../trailers/find-couplings";
import { attachPhotos } from "./defect-photos";
import { findDefectTypes } from "./defect-types";
import { raiseDvirSubmitted } from "./dvir-submitted-event";
import { getDvir, type DvirRow } from "./read-dvirs";
import { findMechanic, resolveDefectsIn } from "./resolve-defects";

/** Who signs the report: the driver signed in to the logbook, or a mechanic (a user of the company). */
export type DvirAuthor = { type: "driver"; driverId: number } | { type: "mechanic"; userId: number };

export type DvirSubmission = {
  type: DvirType;
  vehicleId: number;
  trailerName?: string;
  odometerMeters?: number;
  safetyStatus: SafetyStatus;
  /** The signature: the signer's name as they typed it (a mechanic's defaults to their user name). */
  signatureName?: string;
  startedAt?: Date;
  location?: string;
  licensePlate?: string;
  mechanicNotes?: string;
  /** Each with the ids of the driver's uploaded photos of it (uploadDefectPhoto), at most 5. */
  defects?: { defectTypeId: number; comment: string; photoIds?: number[] }[];
  /** A mechanic's report resolves these open defects of the vehicle (repaired). */
  resolvedDefectIds?: number[];
  /** The same key on a retry returns the first submission instead of a second report. */
  idempotencyKey?: string;
};

const authorOf = (author: DvirAuthor) =>
  author.type === "driver" ? { driverId: author.driverId, authorUserId: null } : { driverId: null, authorUserId: author.userId };

/**
 * Stores a signed inspection report and its defects, and raises DvirSubmitted, in one transaction. The vehicle, the mechanic
 * (a user of the company) and the defect types must be the tenant's (404). A retried submission
 * (same idempotency key) answers the stored report; the key used by another signer is a 409.
 */
export const submitDvir = async ({
  db,
  companyId,
  dataset,
  author,
  input,
  actor,
}: TenantQuery & { author: DvirAuthor; input: DvirSubmission; actor: AuditActor }): Promise<DvirRow & { replayed: boolean }> => {
  const tenant = { companyId, dataset };
  const outcome = await db.transaction(async (tx) => {
    const now = new Date();
    const signer = authorOf(author);
    if (input.idempotencyKey) {
      const replay = await findByKey(tx, input.idempotencyKey);
      if (replay) return checkReplay(replay, signer);
    }
    await getVehicle({ db: tx, ...tenant, vehicleId: input.vehicleId });
    const mechanic = author.type === "mechanic" ? await findMechanic({ db: tx, companyId, userId: author.userId, field: "authorId" }) : null;
    const signatureName = input.signatureName?.trim() || mechanic?.name;
    if (!signatureName) throw new AppError("bad_request", "signatureName: sign the report by typing your name.");
    const defects = input.defects ?? [];
    const types = await findDefectTypes({ db: tx, ...tenant, ids: [...new Set(defects.map((defect) => defect.defectTypeId))] });
    const unknown = defects.find((defect) => !types.has(defect.defectTypeId));
    if (unknown) throw new AppError("not_found", `defects: no defect type with id ${unknown.defectTypeId}.`);
    // No trailer typed: the trailers coupled to the vehicle, or assigned to the driver, now.
    const coupled = input.trailerName
      ? []
      : await findCoupledTrailerNames({
          db: tx,
          ...tenant,
          range: { start: now, end: new Date(now.getTime() + 1) },
          vehicleIds: [input.vehicleId],
          ...(author.type === "driver" ? { driverIds: [author.driverId] } : {}),
        });
    const [stored] = await tx
      .insert(dvirs)
      .values({
        ...tenant,
        ...signer,
        type: input.type,
        vehicleId: input.vehicleId,
        trailerName: input.trailerName || coupled.join(", ") || null,
        odometerMeters: input.odometerMeters ?? null,
        safetyStatus: input.safetyStatus,
        licensePlate: input.licensePlate ?? null,
        location: input.location ?? null,
        mechanicNotes: input.mechanicNotes ?? null,
        signatureName,
        signedAt: now,
        startedAt: input.startedAt ?? now,
        submittedAt: now,
        idempotencyKey: input.idempotencyKey ?? null,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [dvirs.companyId, dvirs.dataset, dvirs.idempotencyKey] })
      .returning({ id: dvirs.id });
    // A concurrent retry committed first: its report is the one.
    if (!stored) return checkReplay((await findByKey(tx, input.idempotencyKey!))!, signer);
    const inserted = defects.length
      ? await tx
          .insert(dvirDefects)
          .values(
            defects.map((defect) => ({
              ...tenant,
              dvirId: stored.id,
              vehicleId: input.vehicleId,
              defectTypeId: defect.defectTypeId,
              defectTypeLabel: types.get(defect.defectTypeId)!.label,
              comment: defect.comment,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: dvirDefects.id })
      : [];
    await attachPhotos({
      tx,
      tenant,
      driverId: signer.driverId,
      dvirId: stored.id,
      defects: inserted.map(({ id }, index) => ({ defectId: id, photoIds: defects[index].photoIds ?? [] })),
    });
    await resolveDefectsIn({
      tx,
      tenant,
      defectIds: input.resolvedDefectIds ?? [],
      vehicleId: input.vehicleId,
      resolution: "repaired",
      resolver: { type: "mechanic", id: signer.authorUserId === null ? null : String(signer.authorUserId), name: signatureName },
      resolvedAt: now,
      now,
      actor,
    });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "dvir.submitted",
      target: { type: "dvir", id: stored.id },
      changes: {
        type: { before: null, after: input.type },
        vehicleId: { before: null, after: input.vehicleId },
        safetyStatus: { before: null, after: input.safetyStatus },
        defects: { before: null, after: defects.length },
      },
    });
    // The stored report, read once: the event's payload and the answer.
    const dvir = await getDvir({ db: tx, ...tenant, dvirId: stored.id });
    await raiseDvirSubmitted({ db: tx, ...tenant, dvir });
    return { id: stored.id, replayed: false, dvir };

    async function findByKey(executor: typeof tx, key: string) {
      const [row] = await executor
        .select({ id: dvirs.id, driverId: dvirs.driverId, authorUserId: dvirs.authorUserId })
        .from(dvirs)
        .where(and(whereTenant(dvirs, tenant), eq(dvirs.idempotencyKey, key)));
      return row;
    }
  });
  return { ...("dvir" in outcome ? outcome.dvir : await getDvir({ db, ...tenant, dvirId: outcome.id })), replayed: outcome.replayed };
};

const checkReplay = (
  row: { id: number; driverId: number | null; authorUserId: number | null },
  signer: { driverId: number | null; authorUserId: number | null },
) => {
  if (row.driverId !== signer.driverId || row.authorUserId !== signer.authorUserId)
    throw new AppError("conflict", "This idempotency key was used for another signer's inspection report.");
  return { id: row.id, replayed: true };
};
