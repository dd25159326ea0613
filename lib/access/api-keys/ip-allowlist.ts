import ipaddr from "ipaddr.js";

type Address = ReturnType<typeof ipaddr.process>;

/** An address or CIDR as a range; `process` turns IPv4-mapped IPv6 (::ffff:a.b.c.d) into plain IPv4. */
const toRange = (entry: string): [Address, number] | null => {
  try {
    if (entry.includes("/")) {
      const [address, bits] = ipaddr.parseCIDR(entry);
      if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
        return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
      }
      return [address, bits];
    }
    const address = ipaddr.process(entry);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    return null;
  }
};

/** Whether an allowlist entry is a valid IPv4/IPv6 address or CIDR (the admin interface validates with it). */
export const isValidAllowlistEntry = (entry: string) => toRange(entry) !== null;

/**
 * Whether `ip` is inside the allowlist. An empty list allows every address; a non-empty list refuses
 * an unknown address (no trusted server recorded one) and anything outside its ranges.
 */
export const isIpAllowed = (ip: string | null, allowlist: readonly string[]): boolean => {
  if (allowlist.length === 0) return true;
  if (!ip) return false;
  let address: Address;
  try {
    address = ipaddr.process(ip.trim());
  } catch {
    return false;
  }
  return allowlist.some((entry) => {
    const range = toRange(entry.trim());
    return range !== null && range[0].kind() === address.kind() && address.match(range);
  });
};
