/** Latency figures of a series of timed calls. */
export type Latency = { p50: number; p99: number; perSecond: number; count: number };

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export const summarize = (times: number[], elapsedMs?: number): Latency => {
  const sorted = [...times].sort((a, b) => a - b);
  const total = elapsedMs ?? sorted.reduce((a, b) => a + b, 0);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), perSecond: (sorted.length * 1000) / total, count: sorted.length };
};

/** Runs `run` `rounds` times one after another (`before` untimed) and summarises the latencies. */
export const measure = async (rounds: number, run: () => Promise<unknown>, before?: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await before?.();
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return summarize(times);
};

/**
 * Requests/s with `concurrency` calls in flight at once, `total` calls in all; `between` runs (untimed
 * work included in the wall time) before every `every`-th call.
 */
export const measureThroughput = async ({
  total,
  concurrency,
  run,
  between,
  every = 1,
}: {
  total: number;
  concurrency: number;
  run: () => Promise<unknown>;
  between?: () => Promise<unknown>;
  every?: number;
}) => {
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < total) {
      if (next++ % every === 0) await between?.();
      await run();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (total * 1000) / (performance.now() - start);
};
