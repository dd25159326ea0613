import { connectCommands } from "./command-delivery";
import { bindTracker, type BoundDevice } from "./device-binding";
import { orderedAnswers } from "./ordered-answers";
import { decodeTeltonikaPacket, readTeltonikaImei, teltonikaPacketLength } from "./teltonika-codec";
import { encodeTeltonikaCommand } from "./teltonika-encoder";
import { trackerTelemetry } from "./tracker-telemetry";
import type { SessionFactory } from "./tracker-session";

const ACCEPT = Buffer.from([0x01]);
const REFUSE = Buffer.from([0x00]);

/**
 * A Teltonika connection: the IMEI handshake (0x01 for a device bound to a vehicle; 0x00 and
 * close for an unclaimed one, which keeps its records), then AVL packets, each acknowledged with
 * its record count once it and every packet before it are committed, while the next packets are read
 * (ordered-answers.ts); a failed commit closes the connection, no acknowledgement after it. The vehicle's
 * commands go down as Codec 12 packets; the device's Codec 12 responses are their answers (not acknowledged),
 * recorded once what came before them is stored.
 */
export const teltonikaSession: SessionFactory = ({ socket, remoteAddress, context }) => {
  let vehicle: BoundDevice | null = null;
  let commands: ReturnType<typeof connectCommands> | null = null;
  socket.on("close", () => commands?.disconnect());
  const answers = orderedAnswers({ socket });
  return {
    frameLength: (buffer) => (vehicle ? teltonikaPacketLength(buffer) : (readTeltonikaImei(buffer)?.length ?? null)),
    handle: async (frame, now) => {
      if (!vehicle) {
        const { imei, messageKind } = readTeltonikaImei(frame)!;
        vehicle = await bindTracker({ context, imei, protocol: "teltonika", remoteAddress });
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
      const paced = answers.pace();
      if (paced) await paced;
      if (answer !== undefined) {
        await answers.confirm();
        await commands?.answer({ text: answer });
        return handled;
      }
      context.queue.submit(trackerTelemetry({ vehicle, records, now }), answers.commit());
      const ack = Buffer.alloc(4);
      ack.writeUInt32BE(records.length, 0);
      answers.answer(ack);
      return handled;
    },
  };
};
