/** One parsed server-sent event. */
export type ReceivedEvent = { id?: string; event: string; data: unknown };

/**
 * Reads a `text/event-stream` body as events, as EventSource would (comments and `retry:` skipped).
 * `next(predicate)` resolves with the events received up to the first that matches.
 */
export const readServerSentEvents = (body: ReadableStream<Uint8Array>) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const received: ReceivedEvent[] = [];
  let buffer = "";
  let done = false;

  const pull = async () => {
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      return;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split("\n")
          .filter((line) => line && !line.startsWith(":"))
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      if (fields.event) received.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
    }
  };

  return {
    received,
    /** Waits for an event matching `predicate` (or the end of the stream); returns whether one came. */
    until: async (predicate: (event: ReceivedEvent) => boolean) => {
      for (;;) {
        if (received.some(predicate)) return true;
        if (done) return false;
        await pull();
      }
    },
    get ended() {
      return done;
    },
    cancel: () => reader.cancel(),
  };
};
