import { decodeGps103Frame, gps103Answer, gps103FrameLength } from "./gps103-codec";
import { textSession } from "./text-session";

/**
 * A GPS103 connection: the login (`LOAD`) or a heartbeat (`ON`) names the device, answered once
 * bound; reports are stored (they have no answer, but the next answer confirms them), and an SOS is
 * acknowledged after its commit (docs/trackers.md).
 */
export const gps103Session = textSession({
  protocol: "gps103",
  frameLength: gps103FrameLength,
  decoder: () => (frame, now) => {
    const message = decodeGps103Frame(frame, now);
    if (message.type === "empty") return null;
    return {
      imei: message.imei,
      records: message.type === "report" && message.record ? [message.record] : undefined,
      answer: gps103Answer(message),
      kind: message.messageKind,
    };
  },
});
