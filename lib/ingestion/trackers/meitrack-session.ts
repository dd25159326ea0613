import { decodeMeitrackFrame, meitrackAnswer, meitrackFrameLength } from "./meitrack-codec";
import { textSession } from "./text-session";

/**
 * A Meitrack connection: every frame names the device (its IMEI), so the first binds the connection, as for the text
 * protocols. Binary position batches (CCC, CCE) are confirmed with their packet count once committed, so the
 * device deletes them from its cache (docs/trackers.md); an unclaimed device gets no answer and the connection closes.
 */
export const meitrackSession = textSession({
  protocol: "meitrack",
  frameLength: meitrackFrameLength,
  decoder: () => (frame) => {
    const message = decodeMeitrackFrame(frame);
    return (
      message && {
        imei: message.imei,
        records: message.records,
        answer: meitrackAnswer(message),
        kind: message.event ? `${message.kind} ${message.event}` : message.kind,
      }
    );
  },
});
