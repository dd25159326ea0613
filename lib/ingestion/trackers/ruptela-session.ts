import { decodeRuptelaFrame, ruptelaAnswer, ruptelaFrameLength } from "./ruptela-codec";
import { textSession } from "./text-session";

/**
 * A Ruptela connection: every packet carries the device's IMEI, so the first binds the connection, as for the text
 * protocols and JT808. Records are acknowledged (command 100) once they and everything before them are committed; the
 * identification and heartbeats get their answers likewise (docs/trackers.md); an unclaimed device gets no answer and
 * the connection closes.
 */
export const ruptelaSession = textSession({
  protocol: "ruptela",
  frameLength: ruptelaFrameLength,
  decoder: () => (frame) => {
    const message = decodeRuptelaFrame(frame);
    return { imei: message.imei, records: message.records, answer: ruptelaAnswer(message), kind: message.kind };
  },
});
