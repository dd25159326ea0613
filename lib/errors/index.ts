export * from "./app-error";
export * from "./from-zod";
