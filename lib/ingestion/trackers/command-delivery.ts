import type { Executor } from "@/db/client";
import { recordCommandAnswer, takeQueuedCommands, type QueuedCommand } from "@/lib/fleet/device-commands";
import { logger } from "@/lib/platform/logger";
import { subscribeFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import type { BoundVehicle } from "./device-binding";

const key = ({ companyId, dataset, vehicleId }: BoundVehicle) => `${companyId}:${dataset}:${vehicleId}`;

/** The vehicles whose tracker is connected to this process, and how to send each its queued commands. */
const connected = new Map<string, () => Promise<void>>();

/**
 * Hears every instance's "command queued" events and has the connection to that vehicle's tracker,
 * if this process holds it, send them. Returns how to stop hearing.
 */
export const startCommandDelivery = () =>
  subscribeFleetEvents((event) => {
    if (event.kind === "deviceCommand") void connected.get(key(event))?.();
  });

/**
 * A bound tracker's connection takes its vehicle's commands: those queued while it was away at once,
 * later ones as they are queued, each encoded by `send` and written in order. Returns the
 * connection's side: record an answer (to the oldest command out, or to the one `commandId` names; `refused`:
 * the device did not carry it out), and let go when the connection closes.
 */
export const connectCommands = ({ db, vehicle, send }: { db: Executor; vehicle: BoundVehicle; send: (command: QueuedCommand) => void }) => {
  let delivering = Promise.resolve();
  const deliver = () =>
    (delivering = delivering
      .then(async () => {
        for (const command of await takeQueuedCommands({ db, ...vehicle })) send(command);
      })
      .catch((error: unknown) => logger.error({ err: error, vehicleId: vehicle.vehicleId }, "device commands not delivered")));
  connected.set(key(vehicle), deliver);
  void deliver();
  return {
    answer: ({ text, commandId, refused }: { text: string; commandId?: number; refused?: boolean }) =>
      recordCommandAnswer({ db, ...vehicle, answer: text, commandId, refused }),
    disconnect: () => {
      if (connected.get(key(vehicle)) === deliver) connected.delete(key(vehicle));
    },
  };
};
