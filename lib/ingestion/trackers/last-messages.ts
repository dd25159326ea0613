import type { Executor } from "@/db/client";
import { recordLastMessages, type LastMessage } from "@/lib/fleet/devices/last-messages";
import { logger } from "@/lib/platform/logger";

/**
 * Every bound device's last message, kept in memory and written in the background (docs/decisions.md "Last message
 * of each device"): a thousand devices at one message a second cost one map entry each, not a write per message
 * beside the telemetry's. Every `tickMs` the devices whose row was written `resolutionMs` ago or more (a device's row is
 * rewritten at most this often) are written in one transaction; a device seen for the first time is given a random earlier write, so that devices connecting
 * together are written over the ticks of that span, a fifth of them each second, not all in one statement. A failed
 * write is logged and dropped: the devices' next messages are noted again.
 */
export const createLastMessages = ({ db, tickMs = 1_000, resolutionMs = 5_000 }: { db: Executor; tickMs?: number; resolutionMs?: number }) => {
  const pending = new Map<string, LastMessage>();
  const writtenAt = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = (messages: LastMessage[]) => {
    writing = writing.then(() =>
      recordLastMessages({ db, messages }).catch((error: unknown) => logger.warn({ err: error, devices: messages.length }, "last messages not recorded")),
    );
    return writing;
  };

  const tick = () => {
    const now = Date.now();
    const due: LastMessage[] = [];
    for (const [key, message] of pending) {
      if (now - writtenAt.get(key)! < resolutionMs) continue;
      due.push(message);
      pending.delete(key);
      writtenAt.set(key, now);
    }
    timer = pending.size > 0 ? setTimeout(tick, tickMs) : null;
    if (due.length > 0) void write(due);
  };

  return {
    /** Notes a bound device's message; the latest of each device is written within `resolutionMs` or so. */
    note: (message: LastMessage) => {
      const key = `${message.companyId}:${message.identifier}`;
      if (!writtenAt.has(key)) writtenAt.set(key, Date.now() - Math.random() * resolutionMs);
      pending.set(key, message);
      timer ??= setTimeout(tick, tickMs);
    },
    /** Writes everything noted (the trackers' shutdown). */
    drain: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const messages = [...pending.values()];
      pending.clear();
      if (messages.length > 0) await write(messages);
      await writing;
    },
  };
};

export type LastMessages = ReturnType<typeof createLastMessages>;
