import type { Executor } from "@/db/client";
import { getTrackerSettings } from "@/lib/platform/config";
import { logger } from "@/lib/platform/logger";
import { gps103Session } from "./gps103-session";
import { gt06Session } from "./gt06-session";
import { h02Session } from "./h02-session";
import { startCommandDelivery } from "./command-delivery";
import { queclinkSession } from "./queclink-session";
import { jt808Session } from "./jt808-session";
import { suntechSession } from "./suntech-session";
import { meitrackSession } from "./meitrack-session";
import { ruptelaSession } from "./ruptela-session";
import { createDeviceFinder } from "./device-finder";
import { createIngestQueue } from "./ingest-queue";
import { createLastMessages } from "./last-messages";
import { teltonikaSession } from "./teltonika-session";
import { startOsmandListener } from "./osmand-listener";
import { startTrackerListener, type TrackerListener } from "./tracker-listener";
import type { SessionFactory } from "./tracker-session";

/** Where this instance's listeners can be reached (a port is null when off or failed to start), for the simulator's demo trackers. */
export type TrackerPorts = {
  host: string;
  teltonika: number | null;
  gt06: number | null;
  h02: number | null;
  gps103: number | null;
  queclink: number | null;
  jt808: number | null;
  suntech: number | null;
  meitrack: number | null;
  ruptela: number | null;
  osmand: number | null;
};

type TrackerSettings = ReturnType<typeof getTrackerSettings>;

type OptionalPort = "h02Port" | "gps103Port" | "queclinkPort" | "jt808Port" | "suntechPort" | "meitrackPort" | "ruptelaPort" | "osmandPort";

const WILDCARD_HOSTS = ["0.0.0.0", "::", ""];

/**
 * Starts the Teltonika, GT06, H02, GPS103, Queclink, JT808, Suntech, Meitrack, Ruptela and OsmAnd (HTTP) listeners that
 * are not "off" (lib/platform/config), sharing one ingest queue, one device lookup and one cap on connections. A
 * listener that cannot start (its port taken, say by another instance on this host) is logged and left off: the rest of
 * the service runs without it.
 */
export const startTrackers = async ({
  db,
  settings = getTrackerSettings(),
  flushMs,
  lastMessages,
}: {
  db: Executor;
  /** The later protocols' ports may be left out (off): the callers that start only Teltonika and GT06. */
  settings?: Omit<TrackerSettings, OptionalPort> & Partial<Pick<TrackerSettings, OptionalPort>>;
  flushMs?: number;
  /** How the devices' last messages are written (last-messages.ts; the tests write each at once). */
  lastMessages?: { tickMs: number; resolutionMs: number };
}) => {
  const context = {
    db,
    findDevice: createDeviceFinder({ db }),
    queue: createIngestQueue({ db, flushMs }),
    lastMessages: createLastMessages({ db, ...lastMessages }),
  };
  // One count of open connections for all the listeners: the cap is the process's.
  const limits = {
    idleTimeoutMs: settings.idleTimeoutMs,
    frameTimeoutMs: settings.frameTimeoutMs,
    maxConnectionsPerAddress: settings.maxConnectionsPerAddress,
    maxConnections: settings.maxConnections,
    open: { connections: 0 },
  };
  const listeners: TrackerListener[] = [];
  const { host } = settings;
  /** A TCP protocol's listener, its frames handed to `session`. */
  const tcp =
    (session: SessionFactory) =>
    ({ name, port }: { name: string; port: number }) =>
      startTrackerListener({ name, port, host, session, context, limits });
  const start = async (name: string, port: number | null, open: (listener: { name: string; port: number }) => Promise<TrackerListener>) => {
    if (port === null) return null;
    try {
      const listener = await open({ name, port });
      listeners.push(listener);
      logger.info({ listener: name, port: listener.port }, "tracker listener started");
      return listener.port;
    } catch (error) {
      logger.error({ err: error, listener: name, port }, "tracker listener could not start");
      return null;
    }
  };
  const ports: TrackerPorts = {
    host: WILDCARD_HOSTS.includes(settings.host) ? "127.0.0.1" : settings.host,
    teltonika: await start("teltonika", settings.teltonikaPort, tcp(teltonikaSession)),
    gt06: await start("gt06", settings.gt06Port, tcp(gt06Session)),
    h02: await start("h02", settings.h02Port ?? null, tcp(h02Session)),
    gps103: await start("gps103", settings.gps103Port ?? null, tcp(gps103Session)),
    queclink: await start("queclink", settings.queclinkPort ?? null, tcp(queclinkSession)),
    jt808: await start("jt808", settings.jt808Port ?? null, tcp(jt808Session)),
    suntech: await start("suntech", settings.suntechPort ?? null, tcp(suntechSession)),
    meitrack: await start("meitrack", settings.meitrackPort ?? null, tcp(meitrackSession)),
    ruptela: await start("ruptela", settings.ruptelaPort ?? null, tcp(ruptelaSession)),
    osmand: await start("osmand", settings.osmandPort ?? null, ({ port }) => startOsmandListener({ port, host, context, limits })),
  };
  const stopCommandDelivery = startCommandDelivery();
  return {
    ports,
    queue: context.queue,
    close: async () => {
      stopCommandDelivery();
      await Promise.all(listeners.map((listener) => listener.close()));
      await context.queue.drain();
      await context.lastMessages.drain();
    },
  };
};

export type Trackers = Awaited<ReturnType<typeof startTrackers>>;
