import pino from "pino";

/** Structured logs (JSON lines). Never log secrets: keys, tokens, passwords, camera secrets. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: { paths: ["authorization", "*.authorization", "key", "*.key", "token", "*.token", "password", "*.password"], censor: "[redacted]" },
  base: undefined,
});
