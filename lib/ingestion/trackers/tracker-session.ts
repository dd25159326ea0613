import type { Socket } from "node:net";
import type { Executor } from "@/db/client";
import type { BoundDevice } from "./device-binding";
import type { DeviceFinder } from "./device-finder";
import type { IngestQueue } from "./ingest-queue";
import type { LastMessages } from "./last-messages";

/** What a connection's protocol session may use: the database, the devices' lookup (binding), the shared ingest queue and the devices' last messages. */
export type TrackerContext = { db: Executor; findDevice: DeviceFinder; queue: IngestQueue; lastMessages: LastMessages };

/** A frame a session handled for a bound device, and what its protocol calls it ("Codec 8E", "heartbeat 0x13", "V1"…). */
export type HandledMessage = { device: BoundDevice; kind: string };

/**
 * One connection's protocol state. The listener frames the byte stream with `frameLength` and
 * hands `handle` one complete frame at a time, waiting for it to finish (a session that answers
 * after commit does not wait for the commit in `handle`: ordered-answers.ts). Either may throw
 * (a FrameError for bad input): the connection closes.
 * `handle` returns the message it handled for a bound device (the listener notes it as the device's
 * last message), or null (no device yet, or refused).
 */
export type TrackerSession = {
  /** The length of the frame at the start of `buffer`, or null until enough bytes have arrived to know it. */
  frameLength: (buffer: Buffer) => number | null;
  /** `arrived`: when the listener framed it, the one Date a frame takes (its decoding and the records' time checks read it). */
  handle: (frame: Buffer, arrived: Date) => Promise<HandledMessage | null>;
};

export type SessionFactory = (options: { socket: Socket; remoteAddress: string; context: TrackerContext }) => TrackerSession;
