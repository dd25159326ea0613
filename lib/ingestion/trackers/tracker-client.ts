import net from "node:net";

/**
 * The device side of a tracker connection (the demo's simulated trackers, the benchmark, the
 * tests): writes frames and reads the server's answers as exact byte counts.
 */
export const connectTracker = async ({ port, host = "127.0.0.1", timeoutMs = 10_000 }: { port: number; host?: string; timeoutMs?: number }) => {
  const socket = net.connect({ port, host });
  socket.setNoDelay(true);
  let received: Buffer = Buffer.alloc(0);
  let closed = false;
  let waiter: (() => void) | null = null;
  const wake = () => {
    const notify = waiter;
    waiter = null;
    notify?.();
  };
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on("close", () => {
    closed = true;
    wake();
  });
  socket.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });

  /** Waits until `ready()` holds, the connection closes, or the timeout passes. */
  const until = async (ready: () => boolean) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready() && !closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  return {
    send: (bytes: Buffer) => socket.write(bytes),
    /** The next `count` bytes the server sent, or null if it closed (or fell silent) first. */
    read: async (count: number): Promise<Buffer | null> => {
      await until(() => received.length >= count);
      if (received.length < count) return null;
      const answer = received.subarray(0, count);
      received = received.subarray(count);
      return answer;
    },
    /** Resolves true once the server has closed the connection (false if it is still open after the timeout). */
    closed: async () => {
      await until(() => false);
      return closed;
    },
    /** Whether nothing has arrived unread. */
    get pending() {
      return received.length;
    },
    end: () => socket.destroy(),
  };
};

export type TrackerConnection = Awaited<ReturnType<typeof connectTracker>>;
