import { FrameError } from "./frame-reader";
import { readMeitrackCcc, readMeitrackCce, type MeitrackPacket } from "./meitrack-binary";
import { MEITRACK_ALARMS, meitrackDrivingEvent, meitrackEventName, type MeitrackAlarm } from "./meitrack-events";
import { meitrackCommand, verifiedMeitrackFrame } from "./meitrack-frames";
import { readMeitrackText } from "./meitrack-text";
import type { TrackerRecord } from "./tracker-record";

export { meitrackFrameLength } from "./meitrack-frames";

/**
 * Meitrack (MVT100/340/380/600/800, T1, T3, T311, T322X, T333, T355, T366, T622, P88L, P99G …): every frame names the
 * device (its IMEI) and a command. The device sends positions as text (AAA; AFF, a numbered variant) or binary
 * (CCC on older models, CCE on newer ones, several kept positions each); AAC is answered as the device expects;
 * any other command is the device's reply to one of ours (read, not stored). docs/trackers.md, "Meitrack".
 */
export type MeitrackMessage = {
  type: "report" | "heartbeat" | "reply";
  imei: string;
  flag: string;
  /** The message's kind as the protocol names it (its command: AAA, AFF, CCC, CCE, AAC, or a reply's command), for the Devices page. */
  kind: string;
  /** The name of its (last) position's event code (`meitrack-events.ts`: "trackByTime", "sos", "harshBraking" …), or null. */
  event: string | null;
  records: TrackerRecord[];
  alarms: MeitrackAlarm[];
};

const IMEI = /^\d{6,17}$/;

const withEvent = ({ code, record }: MeitrackPacket): TrackerRecord => {
  // Input 2's activation and release are the ignition's (the ACC wire), whatever the status byte says.
  const ignition = code === 2 ? true : code === 10 ? false : record.io.ignition;
  const event = code === undefined ? null : meitrackDrivingEvent(code);
  // A "positioned" 0,0 is a unit's placeholder before its first fix, not a place.
  const fix = record.fix && (record.fix.latitude !== 0 || record.fix.longitude !== 0) ? record.fix : undefined;
  return { ...record, fix, io: { ...record.io, ignition }, ...(event ? { events: [event] } : {}) };
};

const packetsOf = (command: string, data: Buffer): MeitrackPacket[] => {
  if (command === "CCC") return readMeitrackCcc(data);
  if (command === "CCE") return readMeitrackCce(data);
  const fields = data.toString("latin1").split(",");
  // AFF numbers its report: a four-digit sequence before the event code.
  return [readMeitrackText(command === "AFF" ? fields.slice(1) : fields)];
};

/** The message of one complete frame (as framed by `meitrackFrameLength`), or null for the line ends between frames. */
export const decodeMeitrackFrame = (frame: Buffer): MeitrackMessage | null => {
  if (frame.every((byte) => byte === 0x0d || byte === 0x0a)) return null;
  const { flag, imei, command, data } = verifiedMeitrackFrame(frame);
  if (!IMEI.test(imei)) throw new FrameError("IMEI is not digits");
  if (!/^[A-Z0-9]{3}$/.test(command)) throw new FrameError("command is not three letters or digits");
  const base = { imei, flag, kind: command, event: null, records: [], alarms: [] };
  if (command === "AAC") return { ...base, type: "heartbeat" };
  if (!["AAA", "AFF", "CCC", "CCE"].includes(command)) return { ...base, type: "reply" };
  const packets = packetsOf(command, data);
  const codes = packets.flatMap(({ code }) => (code === undefined ? [] : [code]));
  const last = codes[codes.length - 1];
  return {
    ...base,
    type: "report",
    event: last === undefined ? null : meitrackEventName(last),
    records: packets.map(withEvent),
    alarms: codes.flatMap((code) => (code in MEITRACK_ALARMS ? [MEITRACK_ALARMS[code as keyof typeof MEITRACK_ALARMS]] : [])),
  };
};

/**
 * The server's answer, sent after the commit. CCC is confirmed with the number of packets received, in decimal, under
 * the frame's own flag (`@@<flag><length>,<IMEI>,CCC,<count>*<checksum>\r\n`): Meitrack's T622 GPRS Protocol (2017),
 * 3.45 "Setting the Data Compression Format – CCC" (`CCC,6` confirms six packets; the tracker deletes them from its cache
 * once the reply's data identifier is the one it sent), as Traccar's MeitrackProtocolDecoder (decodeBinaryC) answers.
 * CCE is confirmed alike by analogy only: no public description of an answer to CCE was found, and Traccar sends
 * none (docs/trackers.md, "Meitrack"). AAC is answered `AAC,1`. AAA and AFF reports and replies get none.
 */
export const meitrackAnswer = (message: MeitrackMessage): string | null => {
  const { flag, imei, kind } = message;
  if (kind === "CCC" || kind === "CCE") return meitrackCommand({ flag, imei, command: kind, content: String(message.records.length) });
  if (kind === "AAC") return meitrackCommand({ flag, imei, command: "AAC", content: "1" });
  return null;
};
