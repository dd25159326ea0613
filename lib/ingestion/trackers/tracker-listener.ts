import net from "node:net";
import { logger } from "@/lib/platform/logger";
import { createConnectionGate, type ListenerLimits } from "./connection-gate";
import { listenOn } from "./listen-on";
import type { SessionFactory, TrackerContext } from "./tracker-session";

/** Bytes a connection may have received but not yet framed: well above the largest frame any protocol allows. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** What is left of a connection's bytes once its frames are taken, when nothing is. */
const NOTHING = Buffer.alloc(0);

/** A timer that `start` arms unless it is already running, and `clear` disarms. */
const deadline = (ms: number, expire: () => void) => {
  let timer: NodeJS.Timeout | null = null;
  return {
    start: () => {
      timer ??= setTimeout(expire, ms);
    },
    clear: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};

/**
 * A TCP listener for one tracker protocol. Each connection frames its byte stream and hands the
 * frames to its session one at a time. Anything wrong with a connection (a bad, truncated or
 * oversized frame, a failed write, silence, a handshake or frame too slow) closes that connection
 * and nothing else.
 */
export const startTrackerListener = async ({
  name,
  port,
  host,
  session,
  context,
  limits,
}: {
  name: string;
  port: number;
  host: string;
  session: SessionFactory;
  context: TrackerContext;
  limits: ListenerLimits;
}) => {
  const gate = createConnectionGate({ name, limits });

  const serve = (socket: net.Socket) => {
    const remoteAddress = gate.admit(socket);
    if (remoteAddress === null) return;
    socket.on("close", () => frameDeadline.clear());
    socket.setNoDelay(true);

    const protocol = session({ socket, remoteAddress, context });
    let buffered: Buffer = NOTHING;
    let busy = false;
    let handshaken = false;
    const fail = (error: unknown) => {
      // Drizzle wraps the driver's error: its cause says why (a pool timeout, a constraint).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
      logger.info({ listener: name, remoteAddress, reason: error instanceof Error ? error.message : String(error), cause }, "tracker connection closed");
      socket.destroy();
    };
    // Runs from the connection until its first frame, and from the first byte of each later frame
    // to its last: more bytes do not restart it (a frame trickled a byte at a time still ends).
    const frameDeadline = deadline(limits.frameTimeoutMs, () =>
      fail(new Error(handshaken ? `a frame not completed within ${limits.frameTimeoutMs} ms` : `no handshake within ${limits.frameTimeoutMs} ms`)),
    );
    frameDeadline.start();
    const pump = async () => {
      if (busy) return;
      busy = true;
      try {
        while (!socket.destroyed && !socket.writableEnded) {
          const length = protocol.frameLength(buffered);
          if (length === null || buffered.length < length) break;
          // A chunk of exactly one frame (the usual case: a device sends a frame at a time) is the frame itself: no view of
          // it, nor of the empty rest, two Buffer objects a frame otherwise (docs/scaling.md, "Issue 37, session 24").
          const whole = length === buffered.length;
          const frame = whole ? buffered : buffered.subarray(0, length);
          buffered = whole ? NOTHING : buffered.subarray(length);
          const arrived = new Date();
          const handled = await protocol.handle(frame, arrived);
          // The one place a device's last message is noted: every kind, heartbeats and logins too (written every few seconds).
          if (handled) {
            const { companyId, dataset, identifier, protocol: spoken } = handled.device;
            context.lastMessages.note({ companyId, dataset, identifier, protocol: spoken, kind: handled.kind, at: arrived });
          }
          handshaken = true;
          frameDeadline.clear();
        }
        if (!socket.destroyed && (buffered.length > 0 || !handshaken)) frameDeadline.start();
      } catch (error) {
        fail(error);
      } finally {
        busy = false;
      }
    };
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      if (buffered.length > MAX_BUFFERED_BYTES) return fail(new Error(`more than ${MAX_BUFFERED_BYTES} bytes unframed`));
      void pump();
    });
  };

  return listenOn({ server: net.createServer(serve), name, port, host, sockets: gate.sockets });
};

export type TrackerListener = Awaited<ReturnType<typeof startTrackerListener>>;
