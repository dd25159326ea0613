export * from "./app-error";
export * from "./from-zod";
export * from "./unique-violation";
