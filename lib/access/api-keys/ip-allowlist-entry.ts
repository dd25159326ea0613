import ipaddr from "ipaddr.js";
import { isValidAllowlistEntry } from "./ip-allowlist";

/**
 * An allowlist entry the request check (lib/access/api-keys/ip-allowlist) understands, and, for IPv4,
 * written in dotted four-part decimal: ipaddr.js also reads "127.1" or "0x7f.0.0.1", which an
 * admin almost never means, so those are refused rather than stored.
 */
export const isIpAllowlistEntry = (value: string) => {
  if (!isValidAllowlistEntry(value)) return false;
  const address = value.split("/")[0];
  return address.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(address);
};
