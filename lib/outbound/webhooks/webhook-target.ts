import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { getConfig } from "@/lib/platform/config";
import { AppError } from "@/lib/platform/errors";

/** Resolves a host name to its addresses; tests pass their own. */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** 64:ff9b::/96, the well-known NAT64 prefix: DNS64 answers a public IPv4 in it on an IPv6-only network. */
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96");
/** ::/96, "IPv4-compatible" (deprecated by RFC 4291): no public service is reached this way. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/**
 * Only global unicast addresses: never loopback, private, link-local (cloud metadata), CGNAT,
 * multicast or reserved, nor an IPv6 form that carries an IPv4 to a router or tunnel: IPv4-mapped
 * (judged as the IPv4 by ipaddr.process), IPv4-compatible, SIIT, 6to4, Teredo and local-use NAT64
 * are refused whatever they embed (ipaddr.js puts them outside "unicast", except IPv4-compatible);
 * the well-known NAT64 prefix is judged by the IPv4 it embeds.
 */
export const isPublicAddress = (address: string) => {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv6) {
    if (parsed.match(NAT64)) return new ipaddr.IPv4(parsed.toByteArray().slice(12)).range() === "unicast";
    if (parsed.match(IPV4_COMPATIBLE)) return false;
  }
  return parsed.range() === "unicast";
};

const allowPrivateTargets = () => getConfig().WEBHOOK_ALLOW_PRIVATE_TARGETS === "1";

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * Checks a webhook URL before it is saved: http(s) only, and no address a server should not call
 * for a customer (400 naming `url`). A name that does not resolve yet is accepted; every delivery
 * checks again after DNS (resolveDeliverableTarget).
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
  if (refused)
    throw new AppError(
      "bad_request",
      `"url" points at ${refused}, a loopback, private, link-local or reserved address. ` +
        "For a receiver on your own network, the operator starts the service with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (docs/operating.md).",
    );
};

/**
 * The one address a delivery connects to, resolved and checked at delivery time (a name may have
 * been re-pointed since creation). The caller connects to exactly this address (pinned-post), so a
 * second resolution cannot swap in a private one (DNS rebinding). Throws when any is not public.
 */
export const resolveDeliverableTarget = async ({ url, resolve = resolveWithDns }: { url: URL; resolve?: ResolveHost }): Promise<string> => {
  const host = hostOf(url);
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  if (allowPrivateTargets() && addresses.length > 0) return addresses[0];
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused || addresses.length === 0) throw new Error(`target address ${refused ?? "(none)"} is not public`);
  return addresses[0];
};
