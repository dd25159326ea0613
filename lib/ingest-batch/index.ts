export * from "./batch-points";
export * from "./ingest-device-batch";
export * from "./ingest-tokens";
