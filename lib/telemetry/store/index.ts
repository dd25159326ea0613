export * from "./ingest-telemetry";
export * from "./telemetry-batch";
export * from "./reverse-geocode";
export { ensurePartitions, dropExpiredPartitions } from "./partitions";
export * from "./engine-state";
export * from "./safety-events";
