import { connectCommands } from "./command-delivery";
import { bindTracker, type BoundDevice } from "./device-binding";
import { decodeTeltonikaPacket, readTeltonikaImei, teltonikaPacketLength } from "./teltonika-codec";
import { encodeTeltonikaCommand } from "./teltonika-encoder";
import { trackerTelemetry } from "./tracker-telemetry";
import type { SessionFactory } from "./tracker-session";

const ACCEPT = Buffer.from([0x01]);
const REFUSE = Buffer.from([0x00]);

/**
 * A Teltonika connection: the IMEI handshake (0x01 for a device bound to a vehicle; 0x00 and
 * close for an unclaimed one, which keeps its records), then AVL packets, each acknowledged with
 * its record count once committed. The vehicle's commands go down as Codec 12 packets; the device's
 * Codec 12 responses are their answers (not acknowledged).
 */
export const teltonikaSession: SessionFactory = ({ socket, remoteAddress, context }) => {
  let vehicle: BoundDevice | null = null;
  let commands: ReturnType<typeof connectCommands> | null = null;
  socket.on("close", () => commands?.disconnect());
  return {
    frameLength: (buffer) => (vehicle ? teltonikaPacketLength(buffer) : (readTeltonikaImei(buffer)?.length ?? null)),
    handle: async (frame) => {
      if (!vehicle) {
        const { imei, messageKind } = readTeltonikaImei(frame)!;
        vehicle = await bindTracker({ db: context.db, imei, protocol: "teltonika", remoteAddress });
        if (!vehicle) {
          socket.end(REFUSE);
          return null;
        }
        socket.write(ACCEPT);
        commands = connectCommands({ db: context.db, vehicle, send: ({ text }) => socket.write(encodeTeltonikaCommand(text)) });
        return { device: vehicle, kind: messageKind };
      }
      const { records, answer, messageKind } = decodeTeltonikaPacket(frame);
      const handled = { device: vehicle, kind: messageKind };
      if (answer !== undefined) {
        await commands?.answer({ text: answer });
        return handled;
      }
      await context.queue.submit(trackerTelemetry({ vehicle, records, now: new Date() }));
      const ack = Buffer.alloc(4);
      ack.writeUInt32BE(records.length, 0);
      socket.write(ack);
      return handled;
    },
  };
};
