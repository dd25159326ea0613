import type { Executor } from "@/db/client";
import { recordLastMessages, type LastMessage } from "@/lib/fleet/devices/last-messages";
import { logger } from "@/lib/platform/logger";

/**
 * Every bound device's last message, kept in memory and written every `flushMs` (docs/decisions.md "Last
 * message of each device"): a thousand devices at one message a second cost one map entry each and one
 * statement every few seconds, not a write per message beside the telemetry's. A failed write is logged and
 * dropped: the devices' next messages are noted again.
 */
export const createLastMessages = ({ db, flushMs = 5_000 }: { db: Executor; flushMs?: number }) => {
  let latest = new Map<string, LastMessage>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    timer = null;
    const messages = [...latest.values()];
    latest = new Map();
    writing = writing.then(() =>
      recordLastMessages({ db, messages }).catch((error: unknown) => logger.warn({ err: error, devices: messages.length }, "last messages not recorded")),
    );
    return writing;
  };

  return {
    /** Notes a bound device's message; the latest of each device is written with the next flush. */
    note: (message: LastMessage) => {
      latest.set(`${message.companyId}:${message.identifier}`, message);
      timer ??= setTimeout(flush, flushMs);
    },
    /** Writes what is noted now (the trackers' shutdown). */
    drain: async () => {
      if (timer) clearTimeout(timer);
      if (latest.size > 0) await flush();
      await writing;
    },
  };
};

export type LastMessages = ReturnType<typeof createLastMessages>;
