import { decodeSuntechFrame, suntechFrameLength } from "./suntech-codec";
import { textSession } from "./text-session";

/**
 * A Suntech connection: every report names its device (the first binds the connection); positions are stored and
 * nothing is answered, as the protocol over TCP has no acknowledgement (docs/trackers.md).
 */
export const suntechSession = textSession({
  protocol: "suntech",
  frameLength: suntechFrameLength,
  decoder: () => (frame, now) => {
    const message = decodeSuntechFrame(frame, now);
    if (message.type === "empty") return null;
    return { imei: message.id, records: message.type === "report" ? [message.record] : undefined, answer: null, kind: message.kind };
  },
});
