export * from "./columns";
export * from "./companies";
export * from "./users";
export * from "./credentials";
export * from "./fleet";
export * from "./vehicle-state";
export * from "./operations";
export * from "./telemetry";
