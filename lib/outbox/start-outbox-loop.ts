/**
 * An outbox's background sender in each app instance: a pass every `everyMs`, up to four passes in
 * flight, so a receiver that never answers holds up no one else.
 */
export const startOutboxLoop = ({ pass, everyMs = 500, onError }: { pass: () => Promise<unknown>; everyMs?: number; onError: (error: unknown) => void }) => {
  let inFlight = 0;
  const tick = () => {
    if (inFlight < 4) {
      inFlight++;
      pass()
        .catch(onError)
        .finally(() => inFlight--);
    }
    setTimeout(tick, everyMs).unref();
  };
  setTimeout(tick, 0).unref();
};
