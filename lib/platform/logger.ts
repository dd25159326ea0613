import pino from "pino";
import { getConfig } from "@/lib/platform/config";

/** Structured logs (JSON lines). Never log secrets: keys, tokens, passwords, camera secrets. */
export const logger = pino({
  level: getConfig().LOG_LEVEL,
  redact: { paths: ["authorization", "*.authorization", "key", "*.key", "token", "*.token", "password", "*.password"], censor: "[redacted]" },
  base: undefined,
});
