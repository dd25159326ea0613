import type { Socket } from "node:net";
import type { Executor } from "@/db/client";
import type { IngestQueue } from "./ingest-queue";

/** What a connection's protocol session may use: the database (binding) and the shared ingest queue. */
export type TrackerContext = { db: Executor; queue: IngestQueue };

/**
 * One connection's protocol state. The listener frames the byte stream with `frameLength` and
 * hands `handle` one complete frame at a time, waiting for it to finish (so acknowledgements
 * follow commits, in order). Either may throw (a FrameError for bad input): the connection closes.
 */
export type TrackerSession = {
  /** The length of the frame at the start of `buffer`, or null until enough bytes have arrived to know it. */
  frameLength: (buffer: Buffer) => number | null;
  handle: (frame: Buffer) => Promise<void>;
};

export type SessionFactory = (options: { socket: Socket; remoteAddress: string; context: TrackerContext }) => TrackerSession;
