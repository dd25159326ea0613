import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { deviceCommands, type Dataset } from "@/db/schema";

/** A command not delivered within this long is dropped: an engine stop must not fire a day after it was asked for. */
export const COMMAND_EXPIRY_MS = 24 * 3_600_000;

type VehicleDevice = { db: Executor; companyId: number; dataset: Dataset; vehicleId: number; now?: Date };

/**
 * The vehicle's queued commands, oldest first, marked sent (the caller writes them to the device's
 * connection next): each is taken by one connection only. Older ones expire instead.
 */
export const takeQueuedCommands = async ({ db, companyId, dataset, vehicleId, now = new Date() }: VehicleDevice) => {
  const ofVehicle = and(
    eq(deviceCommands.companyId, companyId),
    eq(deviceCommands.dataset, dataset),
    eq(deviceCommands.vehicleId, vehicleId),
    eq(deviceCommands.status, "queued"),
  );
  await db
    .update(deviceCommands)
    .set({ status: "expired" })
    .where(and(ofVehicle, lt(deviceCommands.createdAt, new Date(now.getTime() - COMMAND_EXPIRY_MS))));
  const taken = await db
    .update(deviceCommands)
    .set({ status: "sent", sentAt: now })
    .where(ofVehicle)
    .returning({ id: deviceCommands.id, kind: deviceCommands.kind, text: deviceCommands.text });
  return taken.sort((a, b) => a.id - b.id);
};

/** A command as a connection writes it: its id (for protocols whose answers name the command), kind and text. */
export type QueuedCommand = Awaited<ReturnType<typeof takeQueuedCommands>>[number];

/**
 * The device's reply to the oldest command it was sent and has not answered (most trackers answer in
 * order and name no command); a reply with nothing outstanding is not recorded. A reply that names its
 * command (`commandId`: JT808 answers carry the command's serial number) answers that one, and replaces an
 * earlier answer to it (JT808's general response, then the vehicle control's answer with its position).
 * A `refused` reply (the device says it did not carry the command out) leaves the command refused, so an
 * engine stop it refused is no immobilizer state.
 */
export const recordCommandAnswer = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  answer,
  commandId,
  refused = false,
  now = new Date(),
}: VehicleDevice & { answer: string; commandId?: number; refused?: boolean }) => {
  const status = refused ? ("refused" as const) : ("answered" as const);
  if (commandId !== undefined) {
    const answered = await db
      .update(deviceCommands)
      .set({ status, answer: answer.slice(0, 1_000), answeredAt: now })
      .where(
        and(
          eq(deviceCommands.companyId, companyId),
          eq(deviceCommands.dataset, dataset),
          eq(deviceCommands.vehicleId, vehicleId),
          eq(deviceCommands.id, commandId),
          inArray(deviceCommands.status, ["sent", "answered"]),
        ),
      )
      .returning({ id: deviceCommands.id });
    return answered.length > 0;
  }
  const [oldest] = await db
    .select({ id: deviceCommands.id })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.companyId, companyId),
        eq(deviceCommands.dataset, dataset),
        eq(deviceCommands.vehicleId, vehicleId),
        eq(deviceCommands.status, "sent"),
      ),
    )
    .orderBy(asc(deviceCommands.id))
    .limit(1);
  if (!oldest) return false;
  await db
    .update(deviceCommands)
    .set({ status, answer: answer.slice(0, 1_000), answeredAt: now })
    .where(and(eq(deviceCommands.companyId, companyId), eq(deviceCommands.id, oldest.id), eq(deviceCommands.status, "sent")));
  return true;
};
