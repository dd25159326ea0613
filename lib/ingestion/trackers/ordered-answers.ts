import type { Socket } from "node:net";
import { logger } from "@/lib/platform/logger";

/** Commits and answers that may be waiting at once on one connection; past this many the connection waits for them. */
const MAX_UNCONFIRMED = 32;

/**
 * A connection's answers, each written once every commit handed in before it has landed, in the order they were given,
 * while the session reads on and hands the queue the next messages (a connection waiting for each answer's commit gets
 * one message into each of the queue's writes, and after a slow one never catches up; docs/scaling.md). A failed commit
 * closes the connection in its turn: the answers before it are written, none after it, and the session's next `pace`
 * or `confirm` throws (the listener closes the connection).
 */
export const orderedAnswers = ({ socket }: { socket: Socket }) => {
  /** Commits not yet landed and answers not yet written (an answer waits for all of them: the earlier answers too). */
  const waiting = new Set<Promise<void>>();
  let commits = 0;
  /** The first failed commit: its place among the commits handed in, and why. */
  let failed: { at: number; error: unknown } | null = null;
  const track = (promise: Promise<void>) => {
    const tracked = promise.finally(() => waiting.delete(tracked));
    waiting.add(tracked);
  };
  const confirm = async () => {
    await Promise.all(waiting);
    if (failed) throw failed.error;
  };
  return {
    /** A message's commit (the queue's `submit`), confirmed by the next answer. */
    commit: (commit: Promise<void>) => {
      const at = commits++;
      track(
        commit.catch((error: unknown) => {
          // Logged here: the connection closes in its turn, and the listener hears of it only at the next frame.
          if (!failed)
            logger.info(
              { remoteAddress: socket.remoteAddress, reason: error instanceof Error ? error.message : String(error) },
              "tracker write failed: connection closes",
            );
          if (!failed || at < failed.at) failed = { at, error };
        }),
      );
    },
    /** Written once every commit handed in so far has landed and every earlier answer is written; if one failed, the connection closes. */
    answer: (answer: string | Buffer) => {
      const covered = commits;
      track(
        Promise.all([...waiting]).then(() => {
          if (failed && failed.at < covered) socket.destroy();
          else if (!socket.destroyed) socket.write(answer);
        }),
      );
    },
    /** Resolves once every commit handed in has landed and every answer is written; throws if a commit failed. */
    confirm,
    /** Before the next message: throws if a commit failed, and waits for what is waiting when that is MAX_UNCONFIRMED. */
    pace: async () => {
      if (failed) throw failed.error;
      if (waiting.size >= MAX_UNCONFIRMED) await confirm();
    },
  };
};
