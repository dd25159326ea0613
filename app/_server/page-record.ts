import { forbidden, notFound } from "next/navigation";
import { isAppError } from "@/lib/platform/errors";

/**
 * The record a page shows, read by `lookup`: one that does not exist (or is another company's, or a forged link's)
 * renders the page's not-found (404); one refused (a used or expired invite or reset link) its forbidden (403);
 * anything else is thrown on.
 */
export const pageRecord = <T>(lookup: Promise<T>): Promise<T> =>
  lookup.catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    if (isAppError(error) && error.code === "forbidden") forbidden();
    throw error;
  });
