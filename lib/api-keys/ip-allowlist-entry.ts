import ipaddr from "ipaddr.js";

/**
 * An IPv4/IPv6 address or CIDR, strictly: IPv4 only in dotted four-part decimal, so "127.1" or
 * "0x7f.0.0.1" (which ipaddr.js would also accept) never reach a stored allowlist.
 */
export const isIpAllowlistEntry = (value: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(value) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(value) ||
  ipaddr.IPv6.isValid(value) ||
  ipaddr.IPv6.isValidCIDR(value);
