export * from "./client-ip";
export * from "./error-response";
export * from "./read-json";
export * from "./request-id.mjs";
export * from "./search-params";
export * from "./log-request";
export * from "./same-origin";
export * from "./run-request";
