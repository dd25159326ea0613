import type { ZodError } from "zod";
import { AppError } from "./app-error";

/** A 400 that names the first offending field, e.g. `Invalid value for "limit": ...`. */
export const fromZodError = (error: ZodError, where = "request"): AppError => {
  const issue = error.issues[0];
  if (!issue) return new AppError("bad_request", `Invalid ${where}.`);
  const field = issue.path.length > 0 ? issue.path.join(".") : undefined;
  const message = field ? `Invalid value for "${field}": ${issue.message}` : `Invalid ${where}: ${issue.message}`;
  return new AppError("bad_request", message);
};
