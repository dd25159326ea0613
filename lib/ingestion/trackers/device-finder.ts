import type { Executor } from "@/db/client";
import { findRegisteredDevices, type RegisteredDevice } from "@/lib/fleet/devices/device-bindings";

/** Finds a registered device by identifier (null: registered nowhere). */
export type DeviceFinder = (identifier: string) => Promise<RegisteredDevice | null>;

type Waiting = { resolve: (found: RegisteredDevice | null) => void; reject: (error: unknown) => void };

/**
 * The trackers' device lookups, those asked for in one turn of the event loop made in one query. After a restart every
 * device connects again within seconds, and an OsmAnd connection looks its device up with its first report: a query
 * each cost ~0.5 ms of CPU, and a thousand of them stalled every protocol's writes for a second (docs/scaling.md,
 * "Issue 37, session 27").
 */
export const createDeviceFinder = ({ db }: { db: Executor }): DeviceFinder => {
  let batch: Map<string, Waiting[]> | null = null;

  const lookUp = async (asked: Map<string, Waiting[]>) => {
    try {
      const found = await findRegisteredDevices({ db, deviceIds: [...asked.keys()] });
      for (const [identifier, waiting] of asked) for (const { resolve } of waiting) resolve(found.get(identifier) ?? null);
    } catch (error) {
      for (const waiting of asked.values()) for (const { reject } of waiting) reject(error);
    }
  };

  return (identifier) =>
    new Promise((resolve, reject) => {
      if (!batch) {
        const asked = new Map<string, Waiting[]>();
        batch = asked;
        setImmediate(() => {
          batch = null;
          void lookUp(asked);
        });
      }
      const waiting = batch.get(identifier);
      if (waiting) waiting.push({ resolve, reject });
      else batch.set(identifier, [{ resolve, reject }]);
    });
};
