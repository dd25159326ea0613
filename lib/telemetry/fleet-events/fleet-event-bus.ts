import type { DatabaseHandle, Unlisten } from "@/db/client";
import { logger } from "@/lib/platform/logger";
import { FLEET_EVENTS_CHANNEL, parseFleetEvent, type FleetEvent } from "./fleet-event";

type Listener = (event: FleetEvent) => void;

const globalForBus = globalThis as unknown as { fleetEventBus?: { listeners: Set<Listener>; unlisten: Unlisten | null } };

const bus = () => (globalForBus.fleetEventBus ??= { listeners: new Set(), unlisten: null });

/**
 * Starts hearing every instance's fleet events (LISTEN on the database) and hands each to this
 * process's subscribers. Once per process (lib/runtime/boot); a second call is a no-op.
 */
export const startFleetEventBus = async ({ database }: { database: DatabaseHandle }) => {
  const state = bus();
  if (state.unlisten) return;
  state.unlisten = await database.listen(FLEET_EVENTS_CHANNEL, (payload) => {
    const event = parseFleetEvent(payload);
    if (!event) return;
    for (const listener of state.listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error }, "fleet event listener failed");
      }
    }
  });
};

export const stopFleetEventBus = async () => {
  const state = bus();
  const unlisten = state.unlisten;
  state.unlisten = null;
  await unlisten?.();
};

/** Calls `listener` with every fleet event this process hears; returns how to stop. */
export const subscribeFleetEvents = (listener: Listener) => {
  bus().listeners.add(listener);
  return () => void bus().listeners.delete(listener);
};
