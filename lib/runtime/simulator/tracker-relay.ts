import type { EngineState } from "@/db/schema";
import { logger } from "@/lib/platform/logger";
import type { PositionReport, StatSample } from "@/lib/telemetry/store";
import { encodeGt06Frame, encodeGt06Response, GT06 } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Location, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import type { TrackerPorts } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker, type TrackerConnection } from "@/lib/ingestion/trackers/tracker-client";
import type { TrackerRecord } from "@/lib/ingestion/trackers/tracker-record";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-encoder";
import type { SimVehicle } from "./sim-vehicle";
import type { WindowOutput } from "./vehicle-reports";

const KMH_PER_MS = 3.6;
/** A Teltonika packet carries at most 255 records; the demo sends fewer per packet. */
const TELTONIKA_RECORDS_PER_PACKET = 100;

const fixOf = (position: PositionReport): NonNullable<TrackerRecord["fix"]> => ({
  latitude: position.latitude,
  longitude: position.longitude,
  speedKmh: (position.speed ?? 0) * KMH_PER_MS,
  heading: position.heading ?? 0,
  satellites: position.satellites ?? 8,
  hdop: position.hdop ?? undefined,
});

const ignitionOf = (state: EngineState | null | undefined) => (state ? state !== "Off" : undefined);

/** The simulator has no electrical model: a 12 V system reads about 14.1 V while the alternator charges, 12.6 V at rest. */
const externalVoltsOf = (state: EngineState | null | undefined) => (state ? (state === "Off" ? 12.6 : 14.1) : undefined);

/**
 * A Teltonika device reports GPS and IO in one record; the simulator keeps them apart, so each
 * fix becomes a record with no IO and each CAN sample a record with no fix (0 satellites), which
 * the listener stores as a stat sample only.
 */
const teltonikaRecords = (positions: PositionReport[], stats: StatSample[]): TrackerRecord[] => [
  ...positions.map((position) => ({ time: position.time, fix: fixOf(position), io: {} })),
  ...stats.map((sample) => ({
    time: sample.time,
    io: {
      ignition: ignitionOf(sample.engineState),
      odometerMeters: sample.odometerMeters ?? undefined,
      fuelPercent: sample.fuelPercent ?? undefined,
      engineRpm: sample.engineRpm ?? undefined,
      externalVolts: externalVoltsOf(sample.engineState),
    },
  })),
];

/**
 * The demo's hardware trackers: the live reports of vehicles whose device id is a tracker IMEI go
 * over TCP to this instance's listeners, in the device's protocol, one connection per vehicle kept
 * open between ticks. What a listener does not acknowledge (it is off, or the connection failed)
 * is handed back for direct ingestion, so the demo loses nothing.
 */
export const createTrackerRelay = ({ ports }: { ports: TrackerPorts }) => {
  const connections = new Map<number, TrackerConnection>();
  let serial = 0;

  const connect = async (vehicle: SimVehicle): Promise<TrackerConnection> => {
    const open = connections.get(vehicle.vehicleId);
    if (open) return open;
    const { imei, protocol } = vehicle.tracker!;
    const port = protocol === "teltonika" ? ports.teltonika : ports.gt06;
    if (port === null) throw new Error(`the ${protocol} listener is off`);
    const device = await connectTracker({ port, host: ports.host });
    if (protocol === "teltonika") {
      device.send(encodeTeltonikaImei(imei));
      if ((await device.read(1))?.[0] !== 0x01) throw new Error(`Teltonika handshake of ${imei} refused`);
    } else {
      device.send(encodeGt06Login(imei, ++serial));
      if (!(await device.read(10))) throw new Error(`GT06 login of ${imei} refused`);
    }
    connections.set(vehicle.vehicleId, device);
    return device;
  };

  const sendTeltonika = async (device: TrackerConnection, records: TrackerRecord[]) => {
    for (let start = 0; start < records.length; start += TELTONIKA_RECORDS_PER_PACKET) {
      const packet = records.slice(start, start + TELTONIKA_RECORDS_PER_PACKET);
      device.send(encodeTeltonikaPacket({ records: packet, codec: 0x8e }));
      if ((await device.read(4))?.readUInt32BE(0) !== packet.length) throw new Error("Teltonika packet not acknowledged");
    }
  };

  /** GPS packets have no answer; a status packet after them does, once everything before it is committed. */
  const sendGt06 = async (device: TrackerConnection, positions: PositionReport[], ignition: boolean) => {
    for (const position of positions) device.send(encodeGt06Location({ time: position.time, fix: fixOf(position), io: { ignition } }, ++serial));
    const marker = ++serial & 0xffff;
    device.send(encodeGt06Frame(GT06.status, Buffer.from([ignition ? 0x46 : 0x44, 0x06, 0x04, 0x00, 0x02]), marker));
    if (!(await device.read(10))?.equals(encodeGt06Response(GT06.status, marker))) throw new Error("GT06 status not answered");
  };

  /** Sends the tracker vehicles' positions and stats; returns the output left for direct ingestion. */
  const relay = async ({ output, vehicles }: { output: WindowOutput; vehicles: SimVehicle[] }): Promise<WindowOutput> => {
    const sent = new Set<number>();
    await Promise.all(
      vehicles
        .filter((vehicle) => vehicle.tracker)
        .map(async (vehicle) => {
          const positions = output.positions.filter((position) => position.vehicleId === vehicle.vehicleId);
          const stats = output.stats.filter((sample) => sample.vehicleId === vehicle.vehicleId);
          if (positions.length + stats.length === 0) return;
          try {
            const device = await connect(vehicle);
            if (vehicle.tracker!.protocol === "teltonika") await sendTeltonika(device, teltonikaRecords(positions, stats));
            else if (positions.length > 0) await sendGt06(device, positions, ignitionOf(stats.at(-1)?.engineState) ?? (positions.at(-1)?.speed ?? 0) > 0);
            sent.add(vehicle.vehicleId);
          } catch (error) {
            logger.warn(
              { vehicleId: vehicle.vehicleId, reason: error instanceof Error ? error.message : String(error) },
              "demo tracker fell back to direct ingestion",
            );
            connections.get(vehicle.vehicleId)?.end();
            connections.delete(vehicle.vehicleId);
          }
        }),
    );
    // GT06 carries no CAN data: those vehicles' stat samples are always ingested directly.
    const teltonikaSent = (vehicleId: number) =>
      sent.has(vehicleId) && vehicles.find((vehicle) => vehicle.vehicleId === vehicleId)?.tracker?.protocol === "teltonika";
    return {
      ...output,
      positions: output.positions.filter((position) => !sent.has(position.vehicleId)),
      stats: output.stats.filter((sample) => !teltonikaSent(sample.vehicleId)),
    };
  };

  return { relay, close: () => connections.forEach((device) => device.end()) };
};
