import { describe, expect, it } from "vitest";
import { startOutboxLoop } from "@/lib/outbound/outbox";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the outbox loop (webhook delivery and mail)", () => {
  it("runs the next pass at once after a full one, and waits for the tick after one that was not", async () => {
    let passes = 0;
    // Five full batches of backlog, then nothing due.
    const stop = startOutboxLoop({ pass: async () => ++passes <= 5, everyMs: 60_000, onError: () => undefined });
    await settle(200);
    stop();
    expect(passes).toBe(6);
  });

  it("keeps at most four passes in flight, so receivers that never answer hold up no one else, and stops when told", async () => {
    let started = 0;
    const neverAnswers = () => {
      started++;
      return new Promise<never>(() => undefined);
    };
    const stop = startOutboxLoop({ pass: neverAnswers, everyMs: 10, onError: () => undefined });
    await settle(200);
    expect(started).toBe(4);
    stop();
  });

  it("reports a failed pass and goes on at the next tick", async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const failingPass = async () => {
      passes++;
      throw new Error("database gone");
    };
    const stop = startOutboxLoop({ pass: failingPass, everyMs: 20, onError: (error) => errors.push(error) });
    await settle(150);
    stop();
    expect(passes).toBeGreaterThan(1);
    expect(errors.length).toBe(passes);
  });
});
