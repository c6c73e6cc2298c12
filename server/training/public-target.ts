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
   * Host names exempt from the address rules (SFT_DATA_ALLOWED_HOSTS): an internal data server
   * the operator trusts. Compared case-insensitively with the URL's host name; IP literals too.
   */
  allowedHosts?: readonly string[];
};

/**
 * The one address to connect to for `hostname`, checked: an IP literal as it is, a name resolved
 * once with EVERY answer public (one private answer among public ones refuses the name: a
 * rebinding server would pick it). The connection must then go to exactly this address, so a
 * second resolution cannot swap in another (public-fetch.ts passes it as the socket's lookup).
 */
export async function publicTarget(hostname: string, policy: TargetPolicy = {}): Promise<Target> {
  const host = hostname.toLowerCase();
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const allowed = (policy.allowedHosts ?? []).some((h) => h.toLowerCase() === host || h.toLowerCase() === bare);
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
