/**
 * Whether the dashboard's own Content-Security-Policy lets the page call an address. The server
 * that serves the dashboard says which origins its `connect-src` allows besides its own
 * (/config.json `cspConnectSrc`, from CSP_CONNECT_SRC); a call anywhere else is blocked by the
 * browser before it leaves, and looks exactly like a CORS failure or a service that is down. Knowing
 * the list, Settings can name the real cause and the setting that fixes it.
 */

/** A `connect-src` source expression allows this URL (the common forms: `*`, `https:`, an origin, `*.host`). */
function sourceAllows(source: string, url: URL): boolean {
  if (source === "*") return url.protocol === "http:" || url.protocol === "https:";
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return url.protocol === source.toLowerCase();
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme && `${scheme.toLowerCase()}:` !== url.protocol) return false;
  const hostname = url.hostname.toLowerCase();
  const wanted = host!.toLowerCase();
  const hostMatches = wildcard ? hostname.endsWith(`.${wanted}`) : hostname === wanted;
  if (!hostMatches) return false;
  if (port === "*") return true;
  const defaultPort = url.protocol === "https:" ? "443" : url.protocol === "http:" ? "80" : "";
  return (port ?? defaultPort) === (url.port || defaultPort);
}

/**
 * The origin of `address` when the page's policy would block calls to it, else null: a relative
 * or same-origin address is always allowed, and an unknown policy (`connectSrc` undefined: a host
 * that does not say) blocks nothing as far as the dashboard can tell.
 */
export function cspBlockedOrigin(
  address: string,
  pageOrigin: string,
  connectSrc: readonly string[] | undefined,
): string | null {
  if (!connectSrc) return null;
  let url: URL;
  try {
    url = new URL(address, pageOrigin);
  } catch {
    return null;
  }
  if (url.origin === pageOrigin) return null;
  return connectSrc.some((source) => sourceAllows(source, url)) ? null : url.origin;
}

/** What to tell the user about a blocked origin: the cause and the setting to change. */
export function cspBlockedMessage(origin: string): string {
  return `This dashboard's Content-Security-Policy does not allow calls to ${origin}, so the browser will block them (not CORS, not the service). Add ${origin} to CSP_CONNECT_SRC on the server that serves the dashboard, or use an address on this dashboard's own origin.`;
}
