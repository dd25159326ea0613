import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";

/** Resolves a host name to its addresses; tests pass their own. */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Only global unicast addresses: never loopback, private, link-local (cloud metadata), CGNAT, multicast or reserved. */
const isPublicAddress = (address: string) => {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
};

const allowPrivateTargets = () => getConfig().WEBHOOK_ALLOW_PRIVATE_TARGETS === "1";

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * Checks a webhook URL before it is saved: http(s) only, and no address a server should not call
 * for a customer (400 naming `url`). A name that does not resolve yet is accepted; every delivery
 * checks again after DNS (assertDeliverableTarget).
 */
export const assertWebhookUrl = async ({ url, resolve = resolveWithDns }: { url: string; resolve?: ResolveHost }): Promise<void> => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError("bad_request", '"url" is not a valid URL.');
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new AppError("bad_request", '"url" must be an http or https URL.');
  if (parsed.username || parsed.password) throw new AppError("bad_request", '"url" must not carry credentials; use customHeaders.');
  if (allowPrivateTargets()) return;
  const host = hostOf(parsed);
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host).catch(() => []);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused) throw new AppError("bad_request", `"url" points at ${refused}, a loopback, private, link-local or reserved address.`);
};

/**
 * The addresses a delivery may connect to, checked after DNS at delivery time (a name may have
 * been re-pointed since creation). Throws when any is not public.
 */
export const assertDeliverableTarget = async ({ url, resolve = resolveWithDns }: { url: URL; resolve?: ResolveHost }): Promise<void> => {
  if (allowPrivateTargets()) return;
  const host = hostOf(url);
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused || addresses.length === 0) throw new Error(`target address ${refused ?? "(none)"} is not public`);
};
