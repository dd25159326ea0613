export * from "./batch-points";
export * from "./batch-response";
export * from "./ingest-device-batch";
export * from "./ingest-tokens";
export * from "./with-ingest-token";
