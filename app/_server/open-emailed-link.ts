import { forbidden, notFound } from "next/navigation";
import { isAppError } from "@/lib/platform/errors";

/**
 * Opens an invite or reset link with `open`: a forged link renders the page's not-found (404), a used or expired one
 * its forbidden (403); anything else is thrown on.
 */
export const openEmailedLink = <T>(open: Promise<T>): Promise<T> =>
  open.catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    if (isAppError(error) && error.code === "forbidden") forbidden();
    throw error;
  });
