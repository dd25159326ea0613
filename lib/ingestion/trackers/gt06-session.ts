import { connectCommands } from "./command-delivery";
import { bindTracker, type BoundDevice } from "./device-binding";
import { FrameError } from "./frame-reader";
import { decodeGt06Frame, encodeGt06Response, gt06Answers, gt06FrameLength } from "./gt06-codec";
import { encodeGt06Command } from "./gt06-encoder";
import { orderedAnswers } from "./ordered-answers";
import { trackerTelemetry } from "./tracker-telemetry";
import type { SessionFactory } from "./tracker-session";

/**
 * A GT06 connection: the login first (answered for a device bound to a vehicle; an unclaimed one
 * gets no answer and the connection closes, so it keeps its data and logs in again later), then
 * GPS, heartbeat, information and alarm packets. Heartbeats and alarms are answered once they and every packet
 * before them are committed, while the next packets are read (ordered-answers.ts); a failed
 * write closes the connection, no answer after it. The vehicle's commands go down as 0x80 packets; 0x15 and 0x21 packets
 * are the device's answers.
 */
export const gt06Session: SessionFactory = ({ socket, remoteAddress, context }) => {
  let vehicle: BoundDevice | null = null;
  let commands: ReturnType<typeof connectCommands> | null = null;
  let commandSerial = 0;
  socket.on("close", () => commands?.disconnect());
  const answers = orderedAnswers({ socket });
  return {
    frameLength: gt06FrameLength,
    handle: async (frame, now) => {
      const message = decodeGt06Frame(frame, now);
      if (!vehicle) {
        if (message.type !== "login") throw new FrameError(`GT06 packet 0x${message.protocol.toString(16)} before the login`);
        vehicle = await bindTracker({ context, imei: message.imei, protocol: "gt06", remoteAddress });
        if (!vehicle) socket.end();
      } else {
        const paced = answers.pace();
        if (paced) await paced;
        if (message.type === "answer") await commands?.answer({ text: message.text });
        if (message.type === "record") context.queue.submit(trackerTelemetry({ vehicle, records: [message.record], now }), answers.commit());
      }
      if (vehicle && gt06Answers(message.protocol)) {
        answers.answer(encodeGt06Response(message.protocol, message.serial, now));
        // After the login's answer: the device takes commands once it is logged in.
        if (message.type === "login" && !commands) {
          await answers.confirm();
          commands = connectCommands({ db: context.db, vehicle, send: ({ text }) => socket.write(encodeGt06Command(text, ++commandSerial)) });
        }
      }
      return vehicle && { device: vehicle, kind: message.messageKind };
    },
  };
};
