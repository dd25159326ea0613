import net from "node:net";
import { logger } from "@/lib/logger";
import type { SessionFactory, TrackerContext } from "./tracker-session";

export type ListenerLimits = {
  /** A connection silent this long is closed. */
  idleTimeoutMs: number;
  /** More simultaneous connections from one address are refused (closed at once). */
  maxConnectionsPerAddress: number;
};

/** Bytes a connection may have received but not yet framed: well above the largest frame either protocol allows. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * A TCP listener for one tracker protocol. Each connection frames its byte stream and hands the
 * frames to its session one at a time. Anything wrong with a connection (a bad, truncated or
 * oversized frame, a failed write, silence) closes that connection and nothing else.
 */
export const startTrackerListener = async ({ name, port, host, session, context, limits }: {
  name: string; port: number; host: string; session: SessionFactory; context: TrackerContext; limits: ListenerLimits;
}) => {
  const perAddress = new Map<string, number>();
  const sockets = new Set<net.Socket>();

  const serve = (socket: net.Socket) => {
    const remoteAddress = (socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    const open = perAddress.get(remoteAddress) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      logger.warn({ listener: name, remoteAddress }, "tracker connection refused: too many from this address");
      socket.destroy();
      return;
    }
    perAddress.set(remoteAddress, open + 1);
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      const left = (perAddress.get(remoteAddress) ?? 1) - 1;
      if (left > 0) perAddress.set(remoteAddress, left);
      else perAddress.delete(remoteAddress);
    });
    socket.on("error", () => socket.destroy());
    socket.setNoDelay(true);
    socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());

    const protocol = session({ socket, remoteAddress, context });
    let buffered: Buffer = Buffer.alloc(0);
    let busy = false;
    const fail = (error: unknown) => {
      // Drizzle wraps the driver's error: its cause says why (a pool timeout, a constraint).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
      logger.info({ listener: name, remoteAddress, reason: error instanceof Error ? error.message : String(error), cause }, "tracker connection closed");
      socket.destroy();
    };
    const pump = async () => {
      if (busy) return;
      busy = true;
      try {
        while (!socket.destroyed && !socket.writableEnded) {
          const length = protocol.frameLength(buffered);
          if (length === null || buffered.length < length) break;
          const frame = buffered.subarray(0, length);
          buffered = buffered.subarray(length);
          await protocol.handle(frame);
        }
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

  const server = net.createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => logger.error({ err: error, listener: name }, "tracker listener error"));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Stops accepting and closes every open connection. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
};

export type TrackerListener = Awaited<ReturnType<typeof startTrackerListener>>;
