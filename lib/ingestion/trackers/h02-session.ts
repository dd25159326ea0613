import { decodeH02Frame, h02Answer, h02FrameLength } from "./h02-codec";
import { textSession } from "./text-session";

/**
 * An H02 connection: every message names its device; V1 positions, NBR and heartbeats are answered
 * once committed (docs/trackers.md), the other messages are stored unanswered.
 */
export const h02Session = textSession({
  protocol: "h02",
  frameLength: h02FrameLength,
  decoder: () => (frame, now) => {
    const message = decodeH02Frame(frame, now);
    if (message.type === "empty") return null;
    // H02's message type ("V1", "HTBT", "NBR"…) is its kind.
    return { imei: message.imei, records: "record" in message ? [message.record] : undefined, answer: h02Answer(message, now), kind: message.kind };
  },
});
