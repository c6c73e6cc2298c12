/**
 * The response headers that confine the dashboard's page: scripts, styles, fonts and images only
 * from its own origin, API calls only to its own origin plus the service origins named in
 * CSP_CONNECT_SRC, and no framing. The built index.html's one inline script (the theme, before the
 * first paint) is allowed by its hash, `scriptHashes`, and nothing else inline is: no
 * 'unsafe-inline' anywhere. React and uPlot set styles through the CSSOM (element.style), which
 * CSP does not restrict.
 */
export function contentSecurityPolicy(
  connectSrc: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSrc].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The browser features the page never uses, turned off for it and anything it might embed: an
 * injected script gains no camera, microphone, location, payment or device access.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/**
 * Headers for every dashboard response (assets included: nosniff matters most for scripts) and
 * every API answer. Cross-Origin-Opener-Policy keeps a page of another origin that opened (or was
 * opened by) the dashboard from holding a reference to its window; Cross-Origin-Resource-Policy
 * stops another origin's page from loading an answer as a script, image or other no-cors resource
 * (a CORS fetch from CORS_ORIGINS is not affected: CORP applies to no-cors requests only).
 */
export const BASE_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Permissions-Policy": PERMISSIONS_POLICY,
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

/**
 * Headers of every API answer: nosniff and no-referrer as for the dashboard, and no-store, because
 * the answers are an account's data (or a refusal of its key) and no browser or proxy cache should
 * keep them. Streamed chat answers too (OpenAI sends no-cache there; no-store is stricter).
 */
export const API_HEADERS = { ...BASE_SECURITY_HEADERS, "Cache-Control": "no-store" } as const;

/** Sets each header on a response's headers, replacing what a handler set. */
export function setHeaders(target: Headers, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) target.set(name, value);
}

/**
 * Turns "https://a.example, https://b.example/v1" into origins. Anything that is not an http(s)
 * URL is refused, because a stray ";" or keyword would otherwise rewrite the policy.
 */
export function parseConnectOrigins(list: string): string[] {
  const origins: string[] = [];
  for (const entry of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`"${entry}" is not a URL (expected an origin such as https://api.example.com)`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new Error(`"${entry}" must be an http:// or https:// origin`);
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
