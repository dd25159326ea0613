import type { ZodError } from "zod";

/** The first message per top-level field (`ipAllowlist.2` → `ipAllowlist`), for forms that show errors inline. */
export const fieldErrorsFromZod = (error: ZodError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
};
