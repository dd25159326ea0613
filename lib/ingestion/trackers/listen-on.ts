import type net from "node:net";
import { logger } from "@/lib/platform/logger";

/**
 * Starts `server` (a tracker protocol's TCP or HTTP server) on `port` and `host`, rejecting when it cannot (the port
 * taken); later errors are logged. `close` stops accepting and destroys `sockets`, the connections still open.
 */
export const listenOn = async ({
  server,
  name,
  port,
  host,
  sockets,
}: {
  server: net.Server;
  name: string;
  port: number;
  host: string;
  sockets: Set<net.Socket>;
}) => {
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
