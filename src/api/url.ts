/** A query-string value; undefined and null are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

/**
 * The absolute form of a configured base URL, without a trailing slash. Origin-relative bases
 * ("/api/trace", used behind a same-origin proxy) resolve against the page's origin.
 */
export function resolveBaseUrl(baseUrl: string, origin: string = currentOrigin()): string {
  const trimmed = baseUrl.trim();
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : new URL(trimmed, origin).toString();
  return absolute.replace(/\/+$/, "");
}

/**
 * The absolute base URL requests may go to, or undefined when there is none: blank, not an
 * address, or not http(s). Nothing is sent, and no key, without one.
 */
export function usableBaseUrl(baseUrl: string): string | undefined {
  if (!baseUrl.trim()) return undefined;
  try {
    const resolved = resolveBaseUrl(baseUrl);
    // Parsing checks an absolute address too ("https://" alone is not one).
    return new URL(resolved).protocol.startsWith("http") ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `base` + `path` + query. Path parameters must already be encoded with `segment()`;
 * the base's own path (e.g. "/v1") is kept, which `new URL(path, base)` would drop.
 */
export function buildUrl(base: string, path: string, query?: QueryParams): string {
  const url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
  const search = query ? toSearchParams(query).toString() : "";
  return search ? `${url}?${search}` : url;
}

/** One path segment, encoded: ids are user data and may hold "/" or "?". */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

function toSearchParams(query: QueryParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

function currentOrigin(): string {
  // Outside a browser (never in the app) there is no page to be relative to.
  return typeof window === "undefined" ? "http://localhost" : window.location.origin;
}
