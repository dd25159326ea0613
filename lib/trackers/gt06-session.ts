import { bindTracker, type BoundVehicle } from "./device-binding";
import { FrameError } from "./frame-error";
import { decodeGt06Frame, encodeGt06Response, gt06Answers, gt06FrameLength } from "./gt06-codec";
import { trackerTelemetry } from "./tracker-telemetry";
import type { SessionFactory } from "./tracker-session";

/**
 * A GT06 connection: the login first (answered for a device bound to a vehicle; an unclaimed one
 * gets no answer and the connection closes, so it keeps its data and logs in again later), then
 * GPS, status and alarm packets. Each is stored before the next frame is read, and status and
 * alarm packets are answered after their commit.
 */
export const gt06Session: SessionFactory = ({ socket, remoteAddress, context }) => {
  let vehicle: BoundVehicle | null = null;
  return {
    frameLength: gt06FrameLength,
    handle: async (frame) => {
      const now = new Date();
      const message = decodeGt06Frame(frame, now);
      if (!vehicle) {
        if (message.type !== "login") throw new FrameError(`GT06 packet 0x${message.protocol.toString(16)} before the login`);
        vehicle = await bindTracker({ db: context.db, imei: message.imei, protocol: "gt06", remoteAddress });
        if (!vehicle) socket.end();
      } else if (message.type === "record") {
        await context.queue.submit(trackerTelemetry({ vehicle, records: [message.record], now }));
      }
      if (vehicle && gt06Answers(message.protocol)) socket.write(encodeGt06Response(message.protocol, message.serial));
    },
  };
};
