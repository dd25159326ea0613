import { getPublicOrigin } from "@/lib/platform/config";

/** The link a carrier hands a driver: the logbook's sign-in at this installation's address, their username filled in. */
export const logbookLink = (username: string) => `${getPublicOrigin()}/logbook/login?${new URLSearchParams({ username })}`;
