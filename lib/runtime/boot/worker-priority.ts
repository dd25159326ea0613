import os from "node:os";
import { logger } from "@/lib/platform/logger";

/**
 * Lowers this process's CPU priority to `nice` (never raises it: a process started lower stays so).
 * A worker's work waits in the database and is done exactly once whenever it runs, while a web
 * process acknowledges devices and people: on a shared machine the worker should yield the cores.
 */
export const lowerWorkerPriority = ({ nice }: { nice: number }) => {
  try {
    if (os.getPriority() < nice) os.setPriority(nice);
  } catch (error) {
    logger.warn({ err: error }, "could not lower the worker's CPU priority");
  }
};
