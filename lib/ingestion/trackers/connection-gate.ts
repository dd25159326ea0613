import type net from "node:net";
import { logger } from "@/lib/platform/logger";

export type ListenerLimits = {
  /** A connection silent this long is closed. */
  idleTimeoutMs: number;
  /**
   * A connection that has not handed over its first frame (the handshake or login) this long after connecting, or a
   * frame begun and not completed this long, is closed.
   */
  frameTimeoutMs: number;
  /** More simultaneous connections from one address are refused (closed at once). */
  maxConnectionsPerAddress: number;
  /** More simultaneous connections in all are refused; `open` is shared by the listeners that share the cap. */
  maxConnections: number;
  open: { connections: number };
};

/** A connection's address as the service lists it: an IPv4 peer of a dual-stack socket without its `::ffff:` prefix. */
export const remoteAddressOf = (socket: net.Socket) => (socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");

/**
 * A listener's admission of connections under the caps every tracker listener shares (per address, and in all over
 * the listeners): `admit` counts a connection until it closes and returns its address, or refuses it (destroyed at
 * once, null). `sockets` are the open ones, for closing the listener.
 */
export const createConnectionGate = ({ name, limits }: { name: string; limits: ListenerLimits }) => {
  const perAddress = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const admit = (socket: net.Socket): string | null => {
    const remoteAddress = remoteAddressOf(socket);
    const open = perAddress.get(remoteAddress) ?? 0;
    if (open >= limits.maxConnectionsPerAddress || limits.open.connections >= limits.maxConnections) {
      const reason = open >= limits.maxConnectionsPerAddress ? "too many from this address" : "too many in all";
      logger.warn({ listener: name, remoteAddress }, `tracker connection refused: ${reason}`);
      socket.destroy();
      return null;
    }
    perAddress.set(remoteAddress, open + 1);
    limits.open.connections += 1;
    sockets.add(socket);
    socket.on("close", () => {
      limits.open.connections -= 1;
      sockets.delete(socket);
      const left = (perAddress.get(remoteAddress) ?? 1) - 1;
      if (left > 0) perAddress.set(remoteAddress, left);
      else perAddress.delete(remoteAddress);
    });
    socket.on("error", () => socket.destroy());
    socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());
    return remoteAddress;
  };
  return { admit, sockets };
};
