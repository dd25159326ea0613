import { decodeJt808Frame, jt808Answer, jt808FrameLength } from "./jt808-codec";
import { textSession } from "./text-session";

/**
 * A JT808 connection: every message's header names the terminal (its phone number), so the first message binds
 * the connection, as for the text protocols. Registration is answered 0x8100, authentication, heartbeats and
 * location reports the platform general response 0x8001, each once it and everything before it are committed
 * (docs/trackers.md); an unclaimed terminal gets no answer and the connection closes.
 */
export const jt808Session = textSession({
  protocol: "jt808",
  frameLength: jt808FrameLength,
  decoder: () => (frame, now) => {
    const message = decodeJt808Frame(frame, now);
    if (!message) return null;
    const records = message.type === "locations" ? message.locations.map((location) => location.record) : undefined;
    return { imei: message.identifier, records, answer: jt808Answer(message), kind: message.messageKind };
  },
});
