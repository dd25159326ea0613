import { z } from "zod";

/** The camera platform's webhook body (decisions.md). */
export const cameraEventBodySchema = z
  .object({
    eventId: z.string().trim().min(1).max(200),
    deviceId: z.string().trim().min(1).max(200),
    vin: z.string().trim().min(1).max(32).optional(),
    kind: z.enum(["snapshot", "video"]),
    mediaUrl: z.url({ protocol: /^https?$/ }).max(2000),
    capturedAt: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  })
  .meta({ id: "CameraSnapshotEvent" });
