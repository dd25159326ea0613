/** One server-sent event (the `text/event-stream` wire format): `id` is what EventSource sends back as Last-Event-ID. */
export const formatServerSentEvent = ({ id, event, data }: { id?: number | string; event: string; data: unknown }) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A comment line: keeps proxies and the browser from closing an idle connection. */
export const SERVER_SENT_HEARTBEAT = ": heartbeat\n\n";

export const SERVER_SENT_EVENTS_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  // nginx and similar proxies otherwise buffer the stream.
  "X-Accel-Buffering": "no",
} as const;

/**
 * Where a stream resumes: the Last-Event-ID header of a reconnecting EventSource (the last change
 * sequence it received) wins over the `after` the page started from. Null when neither is a sequence.
 */
export const parseResumeSeq = ({ lastEventId, after }: { lastEventId: string | null; after: string | null }) => {
  for (const value of [lastEventId, after]) {
    if (value !== null && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  }
  return null;
};
