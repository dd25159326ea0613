import { z } from "zod";
import type { AssignmentListRow } from "@/lib/fleet/assignments";
import { externalIdsSchema, idSchema, rfc3339, timestampSchema } from "./common";

const tinySchema = z.object({ id: idSchema, name: z.string(), externalIds: externalIdsSchema.optional() });

/** Samsara's DriverVehicleAssignmentV2 object, plus this service's `id` of the assignment. */
export const assignmentSchema = z
  .object({
    id: idSchema.meta({ description: "This service's id of the assignment (the dashboard's and the audit log's)." }),
    driver: tinySchema,
    vehicle: tinySchema,
    startTime: timestampSchema,
    endTime: timestampSchema.optional().meta({ description: "Absent while the assignment is ongoing." }),
    isPassenger: z.boolean(),
    assignedAtTime: timestampSchema,
    assignmentType: z.literal("external").meta({ description: "Every assignment here is recorded through this interface or the dashboard: `external`." }),
    metadata: z.object({ sourceName: z.string() }).optional(),
  })
  .meta({ id: "DriverVehicleAssignment" });

export type AssignmentRecord = z.output<typeof assignmentSchema>;

const tiny = (ref: { id: number; name: string; externalIds: Record<string, string> }) => ({
  id: String(ref.id),
  name: ref.name,
  ...(Object.keys(ref.externalIds).length > 0 ? { externalIds: ref.externalIds } : {}),
});

export const presentAssignment = (row: AssignmentListRow): AssignmentRecord => ({
  id: String(row.id),
  driver: tiny(row.driver),
  vehicle: tiny(row.vehicle),
  startTime: rfc3339(row.startTime),
  ...(row.endTime ? { endTime: rfc3339(row.endTime) } : {}),
  isPassenger: row.isPassenger,
  assignedAtTime: rfc3339(row.assignedAt),
  assignmentType: "external",
  ...(row.sourceName ? { metadata: { sourceName: row.sourceName } } : {}),
});

/** Samsara answers a create or an update with `data.message`; the assignment itself comes along. */
export const assignmentMessageSchema = z
  .object({ data: assignmentSchema.extend({ message: z.string() }).meta({ id: "DriverVehicleAssignmentWithMessage" }) })
  .meta({ id: "DriverVehicleAssignmentResponse" });
