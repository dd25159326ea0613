import type { Database } from "@/db/client";
import { deviceCommands, type DeviceCommandKind } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { publishFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event";
import { commandTextFor } from "./command-texts";
import { toDeviceCommand, type DeviceCommand } from "./device-command-record";
import { findVehicleTracker } from "./vehicle-tracker";

/** A custom command's text: what the vendors' command sets use, one line. */
export const CUSTOM_COMMAND_MAX = 160;

/**
 * Queues a command for the vehicle's tracker: written, audited and announced in one transaction, so
 * every instance hears it and the one holding the device's connection sends it (now, or when the
 * device next connects). Another tenant's vehicle: 404; no device, or one that takes no such command: 409.
 */
export const queueDeviceCommand = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  kind,
  text,
  actor,
}: TenantQuery & { db: Database; vehicleId: number; kind: DeviceCommandKind; text?: string; actor: AuditActor }): Promise<DeviceCommand> => {
  const found = await findVehicleTracker({ db, companyId, dataset, vehicleId });
  if (!found) throw new AppError("not_found", `No vehicle with id ${vehicleId}.`);
  const { tracker } = found;
  if (!tracker) throw new AppError("conflict", `${found.name} has no tracker to send a command to.`);
  if (kind === "custom" && !text?.trim()) throw new AppError("bad_request", "A custom command needs its text.");
  const commandText = commandTextFor({ model: tracker.model, kind, text: text?.trim() });
  if (commandText === null) throw new AppError("conflict", `${found.name}'s tracker (${tracker.model}) takes no commands from this service.`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deviceCommands)
      .values({
        companyId,
        dataset,
        vehicleId,
        deviceIdentifier: tracker.identifier,
        protocol: tracker.model,
        kind,
        text: commandText,
        requestedByType: actor.type,
        requestedByName: actor.name,
      })
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "device.command_queued",
      target: { type: "device", id: tracker.identifier },
      changes: { vehicle: { before: null, after: found.name }, command: { before: null, after: `${kind}: ${commandText}` } },
    });
    await publishFleetEvents({ db: tx, events: [{ kind: "deviceCommand", companyId, dataset, vehicleId }] });
    return toDeviceCommand(row);
  });
};
