import { headers } from "next/headers";

/** The origin the reader reached the dashboard on, so the base URLs the API reference shows are the ones to use. */
export const requestOrigin = async () => {
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost";
  const protocol = incoming.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${protocol.split(",")[0]}://${host}`;
};
