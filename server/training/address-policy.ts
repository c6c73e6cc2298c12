import ipaddr from "ipaddr.js";

/**
 * Whether the server may connect to `address` (an IPv4 or IPv6 literal) to fetch training data:
 * only public unicast addresses. Everything ipaddr.js classifies otherwise is refused: loopback,
 * private (RFC 1918), carrier-grade NAT (100.64/10), unique local (fc00::/7, which holds AWS's
 * fd00:ec2::254 metadata address), link-local (169.254/16 with the 169.254.169.254 metadata
 * address, fe80::/10), unspecified, multicast, broadcast, reserved and documentation ranges, and
 * the IPv6 forms that embed an IPv4 address (NAT64, 6to4, Teredo). IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`, `::ffff:7f00:1`) is judged as the IPv4 address it maps to. Not an address: false.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === "unicast";
}

/** Whether `host` (a URL's hostname) is an IP literal rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) && (ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare));
}
