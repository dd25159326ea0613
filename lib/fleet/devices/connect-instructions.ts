import { getConfig, getPublicOrigin, getTrackerSettings } from "@/lib/platform/config";

type TrackerModel = "teltonika" | "gt06" | "h02" | "gps103" | "queclink" | "jt808" | "suntech" | "meitrack" | "ruptela";

/** Where one kind of tracker sends its reports on this installation: a host and TCP port (null: the listener is off). */
export type TrackerTarget = { model: TrackerModel; host: string; port: number | null; portVariable: string };

/** What the Devices page tells an admin to type into a device: this installation's own address and ports. */
export type ConnectInstructions = {
  /** Traccar Client's (and the OsmAnd protocol's) server URL. */
  osmandUrl: string;
  /** The same protocol on its own port, as Traccar serves it (null: OSMAND_PORT is off): devices set up for Traccar keep their port. */
  osmandPortUrl: string | null;
  trackers: TrackerTarget[];
  /** PUBLIC_URL is not set: the address is this machine's, which a device elsewhere cannot reach. */
  publicUrlMissing: boolean;
};

/**
 * The device settings of this installation: the OsmAnd URL from PUBLIC_URL, and the trackers' host (PUBLIC_URL's
 * name, the address devices reach the service at) and each listener's configured port (docs/trackers.md).
 */
export const getConnectInstructions = (): ConnectInstructions => {
  const origin = getPublicOrigin();
  const host = new URL(origin).hostname;
  const ports = getTrackerSettings();
  return {
    osmandUrl: `${origin}/ingest/osmand`,
    osmandPortUrl: ports.osmandPort === null ? null : `http://${host}:${ports.osmandPort}`,
    trackers: [
      { model: "teltonika", host, port: ports.teltonikaPort, portVariable: "TELTONIKA_PORT" },
      { model: "gt06", host, port: ports.gt06Port, portVariable: "GT06_PORT" },
      { model: "h02", host, port: ports.h02Port, portVariable: "H02_PORT" },
      { model: "gps103", host, port: ports.gps103Port, portVariable: "GPS103_PORT" },
      { model: "queclink", host, port: ports.queclinkPort, portVariable: "QUECLINK_PORT" },
      { model: "jt808", host, port: ports.jt808Port, portVariable: "JT808_PORT" },
      { model: "suntech", host, port: ports.suntechPort, portVariable: "SUNTECH_PORT" },
      { model: "meitrack", host, port: ports.meitrackPort, portVariable: "MEITRACK_PORT" },
      { model: "ruptela", host, port: ports.ruptelaPort, portVariable: "RUPTELA_PORT" },
    ],
    publicUrlMissing: !getConfig().PUBLIC_URL,
  };
};
