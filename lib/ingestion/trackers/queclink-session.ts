import { decodeQueclinkFrame, queclinkAnswer, queclinkFrameLength } from "./queclink-codec";
import { textSession } from "./text-session";

/**
 * A Queclink connection: the first message (a report or the `+ACK:GTHBD` heartbeat) names the
 * device; reports are answered `+SACK:<count>$` and heartbeats `+SACK:GTHBD,…$` once committed
 * (docs/trackers.md). The device's zone, learned from a live report with a fix, dates the reports
 * it kept without one.
 */
export const queclinkSession = textSession({
  protocol: "queclink",
  frameLength: queclinkFrameLength,
  decoder: () => {
    let zoneMinutes: number | null = null;
    return (frame, now) => {
      const message = decodeQueclinkFrame(frame, now, zoneMinutes);
      if (message.type === "empty") return null;
      if (message.type === "report") zoneMinutes = message.zoneMinutes ?? zoneMinutes;
      return {
        imei: message.imei,
        records: message.type === "report" ? message.records : undefined,
        answer: queclinkAnswer(message),
        kind: message.messageKind,
      };
    };
  },
});
