import { gt06FrameLength } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Location, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { jt808FrameLength } from "@/lib/ingestion/trackers/jt808-codec";
import { encodeJt808Heartbeat, encodeJt808Location } from "@/lib/ingestion/trackers/jt808-encoder";
import { encodeRuptelaHeartbeat, encodeRuptelaRecords } from "@/lib/ingestion/trackers/ruptela-encoder";
import type { TrackerPorts } from "@/lib/ingestion/trackers/start-trackers";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-encoder";
import {
  gps103Login,
  gps103Report,
  h02Heartbeat,
  h02Position,
  meitrackHeartbeat,
  meitrackReport,
  osmandAnswerLength,
  osmandHello,
  osmandReport,
  queclinkHeartbeat,
  queclinkReport,
  suntechKeepAlive,
  suntechReport,
  type BenchFix,
} from "./tracker-frames";

/** The byte length of the server's answer at the start of `buffer`, or null until it has all arrived. */
type AnswerLength = (buffer: Buffer) => number | null;

/**
 * How the trackers bench plays one protocol's devices. Adding a protocol to the bench is one entry of
 * BENCH_PROTOCOLS: its listener must be startTrackers' `<name>Port` setting and `ports.<name>`.
 */
export type BenchProtocol = {
  /** The listener, and the devices' model. */
  name: Exclude<keyof TrackerPorts, "host">;
  /** The identifier the device of vehicle `vehicleId` reports as (unique per vehicle, in the protocol's form). */
  identifier: (vehicleId: number) => string;
  /** The first frame (handshake, login or heartbeat), which binds the connection, and its answer (null: none, the device goes on). */
  hello: (identifier: string, now: Date) => Buffer;
  helloAnswer: AnswerLength | null;
  /** The device's `serial`-th fix (1, 2, …) as it sends it. */
  fix: (identifier: string, fix: BenchFix, serial: number) => Buffer;
  /** The answer confirming a fix, or null when the protocol answers none: the latency is then to the stored row. */
  fixAnswer: AnswerLength | null;
};

const bytes = (count: number) => (buffer: Buffer) => (buffer.length >= count ? count : null);
const through = (delimiter: string) => (buffer: Buffer) => {
  const end = buffer.indexOf(delimiter, 0, "latin1");
  return end < 0 ? null : end + 1;
};
/** A 15-digit IMEI, unique per vehicle. */
const imei = (vehicleId: number) => `86${String(vehicleId).padStart(13, "0")}`;
/** A Ruptela answer: length, command, content, CRC. */
const ruptelaAnswerLength = (buffer: Buffer) => (buffer.length >= 2 && buffer.length >= 4 + buffer.readUInt16BE(0) ? 4 + buffer.readUInt16BE(0) : null);
/** A JT808 2013 terminal (its phone number, 12 BCD digits without a leading zero, is its identifier) and a message's serial. */
const jt808Terminal = (identifier: string, serial: number) => ({ identifier, serial });

export const BENCH_PROTOCOLS: readonly BenchProtocol[] = [
  {
    name: "teltonika",
    identifier: imei,
    hello: (id) => encodeTeltonikaImei(id),
    helloAnswer: bytes(1),
    fix: (_id, fix) => encodeTeltonikaPacket({ records: [fix] }),
    fixAnswer: bytes(4),
  },
  {
    name: "gt06",
    identifier: imei,
    hello: (id) => encodeGt06Login(id, 1),
    helloAnswer: gt06FrameLength,
    // GPS packets have no answer (a heartbeat's, minutes apart, confirms them).
    fix: (_id, fix, serial) => encodeGt06Location(fix, serial + 1),
    fixAnswer: null,
  },
  { name: "h02", identifier: imei, hello: h02Heartbeat, helloAnswer: through("#"), fix: h02Position, fixAnswer: through("#") },
  // Reports have no answer.
  { name: "gps103", identifier: imei, hello: gps103Login, helloAnswer: bytes("LOAD".length), fix: gps103Report, fixAnswer: null },
  {
    name: "queclink",
    identifier: imei,
    hello: (id, now) => queclinkHeartbeat(id, now, 0),
    helloAnswer: through("$"),
    fix: queclinkReport,
    fixAnswer: through("$"),
  },
  {
    name: "jt808",
    identifier: (vehicleId) => `13${String(vehicleId).padStart(10, "0")}`,
    hello: (id) => encodeJt808Heartbeat(jt808Terminal(id, 0)),
    helloAnswer: jt808FrameLength,
    fix: (id, fix, serial) => encodeJt808Location(jt808Terminal(id, serial), fix),
    fixAnswer: jt808FrameLength,
  },
  // Suntech answers nothing over TCP; Meitrack's AAA reports have no answer (only binary batches are confirmed).
  {
    name: "suntech",
    identifier: (vehicleId) => String(vehicleId).padStart(9, "0"),
    hello: suntechKeepAlive,
    helloAnswer: null,
    fix: suntechReport,
    fixAnswer: null,
  },
  { name: "meitrack", identifier: imei, hello: meitrackHeartbeat, helloAnswer: null, fix: meitrackReport, fixAnswer: null },
  {
    name: "ruptela",
    identifier: imei,
    hello: encodeRuptelaHeartbeat,
    helloAnswer: ruptelaAnswerLength,
    fix: (id, fix) => encodeRuptelaRecords({ imei: id, records: [fix] }),
    fixAnswer: ruptelaAnswerLength,
  },
  // Over HTTP on its own port, as Traccar Client keeps a connection open between reports.
  {
    name: "osmand",
    identifier: (vehicleId) => `bench-phone-${vehicleId}`,
    hello: osmandHello,
    helloAnswer: null,
    fix: osmandReport,
    fixAnswer: osmandAnswerLength,
  },
];
