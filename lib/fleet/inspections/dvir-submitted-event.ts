import type { Executor } from "@/db/client";
import { enqueueWebhookEvent } from "@/lib/outbound/webhooks/enqueue-webhook-event";
import type { Tenant } from "@/lib/platform/tenant";
import type { DefectRow, DvirRow } from "./read-dvirs";

const iso = (time: Date) => time.toISOString();

/** A defect as Samsara's DvirSubmitted payload lists it (DvirDefectsObjectV20220913). */
const presentDefect = (defect: DefectRow) => ({
  id: String(defect.id),
  defectType: defect.defectTypeLabel,
  defectTypeId: String(defect.defectTypeId),
  comment: defect.comment,
  createdAtTime: iso(defect.createdAt),
  isResolved: defect.isResolved,
  ...(defect.resolvedAt ? { resolvedAtTime: iso(defect.resolvedAt) } : {}),
  ...(defect.mechanicNotes === null ? {} : { mechanicNotes: defect.mechanicNotes }),
  vehicle: { id: String(defect.vehicleId), name: defect.vehicleName },
});

/**
 * Samsara's DvirSubmitted event for a stored report, raised in the submission's transaction (the event
 * exists exactly when the report does; a retried submission raises nothing): `data` holds the report
 * (WorkflowDvirObject), its vehicle and, for a driver's report, the driver.
 */
export const raiseDvirSubmitted = ({ db, companyId, dataset, dvir }: Tenant & { db: Executor; dvir: DvirRow }) =>
  enqueueWebhookEvent({
    db,
    companyId,
    dataset,
    eventType: "DvirSubmitted",
    orderingKey: `vehicle:${dvir.vehicleId}`,
    data: {
      dvir: {
        id: String(dvir.id),
        type: dvir.type,
        safetyStatus: dvir.status,
        needsCorrection: dvir.defects.some((defect) => !defect.isResolved),
        startTime: iso(dvir.startedAt),
        endTime: iso(dvir.submittedAt),
        authorSignature: {
          signatoryUser: { id: String(dvir.driverId ?? dvir.authorUserId ?? ""), name: dvir.signatureName },
          signedAtTime: iso(dvir.signedAt),
          type: dvir.driverId === null ? "mechanic" : "driver",
        },
        defects: dvir.defects.map(presentDefect),
        ...(dvir.odometerMeters === null ? {} : { odometerMeters: dvir.odometerMeters }),
        ...(dvir.location === null ? {} : { formattedLocation: dvir.location }),
        ...(dvir.mechanicNotes === null ? {} : { mechanicNotes: dvir.mechanicNotes }),
        ...(dvir.trailerName === null ? {} : { trailer: { name: dvir.trailerName } }),
      },
      vehicle: { id: String(dvir.vehicleId), name: dvir.vehicleName, ...(dvir.licensePlate === null ? {} : { licensePlate: dvir.licensePlate }) },
      ...(dvir.driverId === null ? {} : { driver: { id: String(dvir.driverId), name: dvir.signatureName } }),
    },
  });
