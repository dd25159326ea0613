import { bindTracker, type BoundVehicle } from "./device-binding";
import { decodeTeltonikaPacket, readTeltonikaImei, teltonikaPacketLength } from "./teltonika-codec";
import { trackerTelemetry } from "./tracker-telemetry";
import type { SessionFactory } from "./tracker-session";

const ACCEPT = Buffer.from([0x01]);
const REFUSE = Buffer.from([0x00]);

/**
 * A Teltonika connection: the IMEI handshake (0x01 for a device bound to a vehicle; 0x00 and
 * close for an unclaimed one, which keeps its records), then AVL packets, each acknowledged with
 * its record count once committed.
 */
export const teltonikaSession: SessionFactory = ({ socket, remoteAddress, context }) => {
  let vehicle: BoundVehicle | null = null;
  return {
    frameLength: (buffer) => (vehicle ? teltonikaPacketLength(buffer) : (readTeltonikaImei(buffer)?.length ?? null)),
    handle: async (frame) => {
      if (!vehicle) {
        const { imei } = readTeltonikaImei(frame)!;
        vehicle = await bindTracker({ db: context.db, imei, protocol: "teltonika", remoteAddress });
        if (vehicle) socket.write(ACCEPT);
        else socket.end(REFUSE);
        return;
      }
      const { records } = decodeTeltonikaPacket(frame);
      await context.queue.submit(trackerTelemetry({ vehicle, records, now: new Date() }));
      const ack = Buffer.alloc(4);
      ack.writeUInt32BE(records.length, 0);
      socket.write(ack);
    },
  };
};
