import type { Executor } from "@/db/client";
import { startTrackers } from "@/lib/ingestion/trackers/start-trackers";

type ListenerPort =
  "teltonikaPort" | "gt06Port" | "h02Port" | "gps103Port" | "queclinkPort" | "jt808Port" | "suntechPort" | "meitrackPort" | "ruptelaPort" | "osmandPort";

/** Tracker listeners for a listener test: those in `ports` (0: any free port, as tests run beside others), the rest off; writes flushed every 10 ms. */
export const startTestTrackers = ({
  db,
  ports,
  frameTimeoutMs = 30_000,
  lastMessages,
}: {
  db: Executor;
  ports: Partial<Record<ListenerPort, number>>;
  frameTimeoutMs?: number;
  /** How the devices' last messages are written (the service's every 5 s unless given). */
  lastMessages?: { tickMs: number; resolutionMs: number };
}) =>
  startTrackers({
    db,
    settings: {
      teltonikaPort: null,
      gt06Port: null,
      ...ports,
      host: "127.0.0.1",
      idleTimeoutMs: 60_000,
      maxConnectionsPerAddress: 20,
      maxConnections: 1_000,
      frameTimeoutMs,
    },
    flushMs: 10,
    lastMessages,
  });

/** A whole second `seconds` ago, as trackers stamp their reports. */
export const secondsAgo = (seconds: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - seconds * 1000);
