import { lookup as systemLookup } from "node:dns/promises";
import { isIpLiteral, isPublicAddress } from "./address-policy";

/** An address to connect to, already checked. */
export type Target = { address: string; family: 4 | 6 };

/** Every address a name resolves to (the system resolver by default; tests pass a fake one). */
export type ResolveAll = (hostname: string) => Promise<Target[]>;

export const systemResolveAll: ResolveAll = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Why no connection is made; the caller turns every reason into one neutral message. */
export class RefusedTarget extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "RefusedTarget";
  }
}

export type TargetPolicy = {
  resolveAll?: ResolveAll;
  /**
   * Hosts exempt from the address rules (SFT_DATA_ALLOWED_HOSTS): an internal data server the
   * operator trusts. `host:port` (`[v6]:port` for an IPv6 literal) exempts that one port; a bare
   * `host` only the URL scheme's default port (443, or 80 for http), never the host's other
   * ports (an admin or metadata service beside the data server). Compared case-insensitively.
   */
  allowedHosts?: readonly string[];
};

/**
 * The one address to connect to for `hostname`, checked: an IP literal as it is, a name resolved
 * once with EVERY answer public (one private answer among public ones refuses the name: a
 * rebinding server would pick it). The connection must then go to exactly this address, so a
 * second resolution cannot swap in another (public-fetch.ts passes it as the socket's lookup).
 */
export async function publicTarget(
  hostname: string,
  policy: TargetPolicy = {},
  port: TargetPort = { at: 443, schemeDefault: 443 },
): Promise<Target> {
  const host = hostname.toLowerCase();
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const allowed = (policy.allowedHosts ?? []).some((entry) => {
    const exempt = parseAllowedHost(entry);
    return exempt.host === bare && port.at === (exempt.port ?? port.schemeDefault);
  });
  if (isIpLiteral(host)) {
    if (!allowed && !isPublicAddress(bare)) throw new RefusedTarget(`${bare} is not a public address`);
    return { address: bare, family: bare.includes(":") ? 6 : 4 };
  }
  const answers = await (policy.resolveAll ?? systemResolveAll)(bare).catch(() => {
    throw new RefusedTarget(`${bare} did not resolve`);
  });
  if (answers.length === 0) throw new RefusedTarget(`${bare} did not resolve`);
  const refused = answers.find((a) => !isPublicAddress(a.address));
  if (!allowed && refused) throw new RefusedTarget(`${bare} resolves to ${refused.address}, not a public address`);
  return answers[0]!;
}

/** The port a URL connects to, and its scheme's default (the one a bare allowed host exempts). */
export type TargetPort = { at: number; schemeDefault: number };

export function targetPortOf(url: URL): TargetPort {
  const schemeDefault = url.protocol === "http:" ? 80 : 443;
  return { at: url.port === "" ? schemeDefault : Number(url.port), schemeDefault };
}

/**
 * An SFT_DATA_ALLOWED_HOSTS entry as host and port: `files.internal`, `files.internal:8443`,
 * `10.0.0.5:9000`, `[fd00::5]:9000`, or a bare IPv6 literal (its colons are not a port).
 */
export function parseAllowedHost(entry: string): { host: string; port?: number } {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}) };
  const withPort = /^([^:]+):(\d{1,5})$/.exec(text);
  if (withPort) return { host: withPort[1]!, port: Number(withPort[2]) };
  return { host: text };
}
