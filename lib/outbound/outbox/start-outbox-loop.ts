/**
 * An outbox's background sender in each app instance: a pass every `everyMs`, up to four passes in
 * flight, so a receiver that never answers holds up no one else. A pass that answers `true` (it
 * found a full batch) is followed at once by another, so a backlog drains at the receivers' pace
 * rather than one batch a tick. Returns how to stop.
 */
export const startOutboxLoop = ({ pass, everyMs = 500, onError }: { pass: () => Promise<unknown>; everyMs?: number; onError: (error: unknown) => void }) => {
  let inFlight = 0;
  let stopped = false;
  const run = () => {
    if (stopped || inFlight >= 4) return;
    inFlight++;
    pass().then(
      (full) => {
        inFlight--;
        if (full === true) run();
      },
      (error: unknown) => {
        inFlight--;
        onError(error);
      },
    );
  };
  const tick = () => {
    if (stopped) return;
    run();
    setTimeout(tick, everyMs).unref();
  };
  setTimeout(tick, 0).unref();
  return () => {
    stopped = true;
  };
};
