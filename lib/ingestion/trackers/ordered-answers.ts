import type { Socket } from "node:net";
import { logger } from "@/lib/platform/logger";
import type { Settle } from "./ingest-queue";

/** Commits and answers that may be waiting at once on one connection; past this many the connection waits for them. */
const MAX_UNCONFIRMED = 32;

/** A commit not yet landed, or an answer not yet written (`covers`: how many commits were handed in before it). */
type Waiting = { landed: boolean; answer: null } | { landed: false; answer: string | Buffer; covers: number };

/**
 * A connection's answers, each written once every commit handed in before it has landed, in the order they were given,
 * while the session reads on and hands the queue the next messages (a connection waiting for each answer's commit gets
 * one message into each of the queue's writes, and after a slow one never catches up; docs/scaling.md). A failed commit
 * closes the connection in its turn: the answers before it are written, none after it, and the session's next `pace`
 * or `confirm` throws (the listener closes the connection). The commits and answers wait in one line, in order: a
 * tracker fix costs one entry and the callback the queue settles its commit with, not a promise per step
 * (docs/scaling.md, "Issue 37, sessions 23 and 24").
 */
export const orderedAnswers = ({ socket }: { socket: Socket }) => {
  const line: Waiting[] = [];
  let commits = 0;
  /** The first failed commit: its place among the commits handed in, and why. */
  let failed: { at: number; error: unknown } | null = null;
  let onEmpty: (() => void)[] = [];

  /** Writes the answers whose commits have all landed, from the head of the line, and wakes `confirm` once it is empty. */
  const advance = () => {
    while (line.length > 0) {
      const head = line[0];
      if (head.answer === null) {
        if (!head.landed) break;
      } else if (failed && failed.at < head.covers) socket.destroy();
      else if (!socket.destroyed) socket.write(head.answer);
      line.shift();
    }
    if (line.length === 0 && onEmpty.length > 0) {
      const waiters = onEmpty;
      onEmpty = [];
      for (const wake of waiters) wake();
    }
  };

  const confirm = async () => {
    if (line.length > 0) await new Promise<void>((resolve) => onEmpty.push(resolve));
    if (failed) throw failed.error;
  };

  return {
    /** A message's commit, confirmed by the next answer: returns what the queue's `submit` tells once it has landed. */
    commit: (): Settle => {
      const at = commits++;
      const waiting: Waiting = { landed: false, answer: null };
      line.push(waiting);
      return (failure) => {
        if (failure) {
          // Logged here: the connection closes in its turn, and the listener hears of it only at the next frame.
          if (!failed)
            logger.info(
              { remoteAddress: socket.remoteAddress, reason: failure.error instanceof Error ? failure.error.message : String(failure.error) },
              "tracker write failed: connection closes",
            );
          if (!failed || at < failed.at) failed = { at, error: failure.error };
        }
        waiting.landed = true;
        advance();
      };
    },
    /** Written once every commit handed in so far has landed and every earlier answer is written; if one failed, the connection closes. */
    answer: (answer: string | Buffer) => {
      line.push({ landed: false, answer, covers: commits });
      advance();
    },
    /** Resolves once every commit handed in has landed and every answer is written; throws if a commit failed. */
    confirm,
    /**
     * Before the next message: throws if a commit failed, and, when MAX_UNCONFIRMED are waiting, returns what resolves
     * once they are through (nothing to wait for otherwise: a session awaits only what it returns, since an `await` of
     * nothing still costs a promise and a turn of the microtask queue a frame).
     */
    pace: () => {
      if (failed) throw failed.error;
      return line.length >= MAX_UNCONFIRMED ? confirm() : undefined;
    },
  };
};
